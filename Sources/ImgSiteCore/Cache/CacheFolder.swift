import Foundation
import ImgSiteMedia

/// Where imgsite keeps what makes the next build fast (`--cache-dir`), and
/// its rooms: the one place that says where each thing kept between builds
/// is. Sites may share one.
public struct CacheFolder: Sendable {
    /// `$IMGSITE_CACHE_DIR`, else `$XDG_CACHE_HOME/imgsite`, else
    /// `~/.cache/imgsite`: outside the photos and the site, so neither a
    /// synced photo folder nor a published site carries it.
    public static var `default`: URL {
        let environment = ProcessInfo.processInfo.environment
        if let folder = environment["IMGSITE_CACHE_DIR"], !folder.isEmpty {
            return URL(fileURLWithPath: folder)
        }
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
            return URL(fileURLWithPath: base).appending(path: "imgsite")
        }
        return FileManager.default.homeDirectoryForCurrentUser.appending(path: ".cache/imgsite")
    }

    let root: URL

    init(_ root: URL) { self.root = root }

    /// Encoded files, named by their keys (`ObjectStore`).
    var objects: URL { root.appending(path: "objects") }
    /// What was built from what (`BuildStore`).
    var database: URL { root.appending(path: "imgsite.sqlite") }
    /// RAW files' previews (`RawPreview`), named by each file's path, size,
    /// time and inode; pruned by `CachePruner`.
    var rawPreviews: URL { root.appending(path: "raw-previews") }
    /// Clips' poster frames (`ClipSource.poster`), named by each clip's
    /// path, size, time and inode and the video settings; pruned by `CachePruner`.
    var clipPosters: URL { root.appending(path: "clip-posters") }
    /// Transcodes under way, stored into `objects` whole: a build after one
    /// that did not finish empties it.
    var clipWork: URL { root.appending(path: "clip-work") }
    /// Private albums' files while they are sealed.
    var privateWork: URL { root.appending(path: "private-work") }

    /// The budget's plan for the site written to `output` (`BudgetPlan`),
    /// kept while its photos and settings are unchanged.
    func budgetPlan(for output: URL) -> URL {
        root.appending(path: "budget-plan-\(ContentHash.short(text: output.path)).json")
    }
}
