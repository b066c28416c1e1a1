import Foundation

/// Where imgsite keeps what makes the next build fast.
public enum CacheFolder {
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
}
