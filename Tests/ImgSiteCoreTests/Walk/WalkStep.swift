import Foundation

/// One step of the rebuild walk: a change to the library (or none), then a
/// build of the shared output in one of the ways a user builds.
struct WalkStep: CustomStringConvertible, Sendable {
    var change: Change?
    var way: BuildWay

    var description: String { (change.map { "\($0); " } ?? "") + "build \(way)" }

    /// What a user changes between builds. Paths are relative to the library.
    enum Change: CustomStringConvertible, Sendable {
        /// A top-level key of imgsite.yml set to this YAML, or removed (nil).
        case setting(key: String, yaml: String?)
        /// A corpus photo copied in as `path`.
        case add(corpus: String, path: String)
        case delete(String)
        /// Renamed, possibly into another album (its sidecar goes with it).
        case move(String, to: String)
        /// Another corpus photo's bytes written over `path`.
        case replace(String, corpus: String)
        /// The modification time moved on, the bytes unchanged.
        case touch(String)
        /// `path.yml` written with this YAML (caption, title, hidden), or removed (nil).
        case sidecar(String, yaml: String?)
        /// The site's own `templates/photo.mustache`: the built-in one with
        /// this line added, or removed (nil).
        case template(String?)
        /// `album/album.yml` written with this YAML, or removed (nil).
        case albumFile(String, yaml: String?)
        /// A top-level album's folder renamed `01-<name>`, or back to `<name>`.
        case renameAlbum(String)
        /// A budget's sample weighs the images at this share of what they
        /// measure (`BuildOptions.sampleScale`), so a tight budget's first
        /// pass ends over it and the site is encoded again; nil: as measured.
        case sampleScale(Double?)

        var description: String {
            switch self {
            case let .setting(key, yaml): yaml.map { "set \(key): \($0)" } ?? "unset \(key)"
            case let .add(corpus, path): "add \(path) (\(corpus))"
            case let .delete(path): "delete \(path)"
            case let .move(path, to): "move \(path) to \(to)"
            case let .replace(path, corpus): "replace \(path) with \(corpus)"
            case let .touch(path): "touch \(path)"
            case let .sidecar(path, yaml): yaml.map { "\(path).yml: \($0)" } ?? "remove the sidecar of \(path)"
            case let .template(line): line.map { "override photo.mustache (\($0))" } ?? "remove the template override"
            case let .albumFile(album, yaml): yaml.map { "\(album)/album.yml: \($0)" } ?? "remove \(album)/album.yml"
            case let .renameAlbum(album): "number \(album)/ as 01-\(album)/, or back"
            case let .sampleScale(scale): scale.map { "budget samples weigh \(Int($0 * 100)) %" } ?? "budget samples as measured"
            }
        }
    }

    /// How the shared output is built after the change.
    enum BuildWay: CustomStringConvertible, Sendable {
        case plain
        case force
        case jobs(Int)
        /// `--shard i/n` for each i into folders of their own, then `--merge`.
        case shards(Int)
        /// The `imgsite` process killed at this `IMGSITE_KILL_AT` point, then a plain build.
        case killed(String)
        /// First a build of another output folder with these settings on the
        /// same cache, then a plain build.
        case otherOutput(key: String, yaml: String)
        /// `imgsite watch` started on the folder, the change made while it
        /// watches, its rebuild waited for, then Ctrl-C.
        case watch

        var description: String {
            switch self {
            case .plain: "plain"
            case .force: "--force"
            case let .jobs(count): "--jobs \(count)"
            case let .shards(count): "\(count) shards + merge"
            case let .killed(point): "killed at \(point), then again"
            case let .otherOutput(key, yaml): "another output with \(key): \(yaml) first"
            case .watch: "by imgsite watch"
            }
        }
    }
}
