import Foundation
import ImgSiteMedia

/// Which folder each `albums.<key>` of imgsite.yml names: its path, or its
/// name less an ordering prefix (`family` is `04-family`, `trips/iceland` is
/// `2-trips/01-iceland`, as `AlbumFile.title(ofFolder:)` reads them), a
/// folder of exactly that name winning. Numbering folders to order albums
/// must not unmark them.
///
/// A key that names no folder is a typo or a folder renamed since. When it
/// carries `private`, `hidden` or `exclude`, the album it meant would be
/// published in plain: the build stops before writing anything.
package enum AlbumFolders {
    /// `albums` keyed by the folders of `input` they name; the keys that
    /// name none are kept as written (`warnAboutUnknownAlbums` says so).
    package static func resolve(_ albums: [String: AlbumSettings], in input: URL, configFile: String) throws(BuildError) -> [String: AlbumSettings] {
        guard !albums.isEmpty else { return albums }
        var tree = AlbumFolderListing(root: input)
        var resolved: [String: AlbumSettings] = [:]
        var keyOf: [String: String] = [:]
        for key in albums.keys.sorted() {
            var settings = albums[key]!
            let folder: String
            switch tree.match(key) {
            case .found(let path):
                folder = path
            case .ambiguous(let paths):
                throw BuildError(path: configFile, "albums.\(key) could name \(paths.joined(separator: " or ")): name the folder in full")
            case .missing(let suggestion):
                if let marking = settings.marking {
                    let meant = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
                    throw BuildError(path: configFile, "albums.\(key) names no folder in \(input.path)\(meant): its \(marking) setting "
                        + "would apply to nothing and the album it meant would be published in plain; nothing was written")
                }
                folder = key
            }
            if let other = keyOf[folder] {
                throw BuildError(path: configFile, "albums.\(other) and albums.\(key) both name the folder \(folder): keep one")
            }
            keyOf[folder] = key
            if folder != key {
                settings.exclude = settings.exclude.map { $0 == key ? folder : $0.hasPrefix(key + "/") ? folder + $0.dropFirst(key.count) : $0 }
            }
            resolved[folder] = settings
        }
        return resolved
    }
}

extension AlbumSettings {
    /// The first setting that keeps the album from being published in
    /// plain, by its key: a key naming no folder must not lose it.
    var marking: String? {
        privacy != nil ? "private" : file.hidden ? "hidden" : !exclude.isEmpty ? "exclude" : nil
    }
}

/// The sub-folders of a folder of photos, listed as a key's path is walked.
private struct AlbumFolderListing {
    package enum Match { case found(String), ambiguous([String]), missing(suggestion: String?) }

    package let root: URL
    private var listed: [String: [String]] = [:]

    package init(root: URL) { self.root = root }

    package mutating func match(_ key: String) -> Match {
        var path = ""
        for part in key.split(separator: "/").map(String.init) {
            let names = folders(in: path)
            let here = { (name: String) in path.isEmpty ? name : path + "/" + name }
            if names.contains(part) {
                path = here(part)
                continue
            }
            let numbered = names.filter { AlbumFile.title(ofFolder: $0) == part }
            if numbered.count > 1 { return .ambiguous(numbered.map(here)) }
            guard let only = numbered.first else {
                let near = KeySuggestion.nearest(to: part, among: names) ?? KeySuggestion.nearest(to: part, among: names.map(AlbumFile.title(ofFolder:)))
                return .missing(suggestion: near.map(here))
            }
            path = here(only)
        }
        return .found(path)
    }

    /// The folders in `path` (relative to the root), hidden ones left out as the scan leaves them.
    private mutating func folders(in path: String) -> [String] {
        if let names = listed[path] { return names }
        let folder = path.isEmpty ? root : root.appending(path: path)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { name in
            var isFolder: ObjCBool = false
            return !name.hasPrefix(".") && FileManager.default.fileExists(atPath: folder.appending(path: name).path, isDirectory: &isFolder) && isFolder.boolValue
        }.sorted()
        listed[path] = names
        return names
    }
}
