import ImgSiteCore
import Foundation
import ImgSitePlanning

/// Reports that something changed under some folders: the input (photos),
/// the templates and the config file. Bursts are merged by the caller
/// (`RebuildCoordinator`); the watcher only says "changed" and what.
public protocol FileWatcher: Sendable {
    /// Calls `changed` (on the watcher's own thread) with what it saw change.
    func start(_ changed: @escaping @Sendable (FileChanges) -> Void) throws
    func stop()
}

/// What a watcher saw change at once.
public struct FileChanges: Sendable {
    public var paths: [String]
    /// Those of `paths` the watcher saw as folders: a path gone can no
    /// longer be looked up, and only a folder gone (an album moved away)
    /// changes the site when its name is not one a build reads.
    public var folders: Set<String> = []
    /// Whether a file may still be being written: one created and not yet
    /// closed (inotify), or a watcher that cannot tell (polling). When not,
    /// every change seen is finished (a file closed after writing, renamed
    /// into place, removed), and a rebuild need not wait for more.
    public var mayBeWriting: Bool
}

/// What to watch: folders (with everything below them, minus `excluded`)
/// and single files (watched through their folder).
public struct WatchedPaths: Sendable {
    public var folders: [URL]
    public var files: [URL]
    /// Folders below `folders` not to watch (the output, the cache).
    public var excluded: [URL]

    public init(folders: [URL], files: [URL], excluded: [URL]) {
        self.folders = folders.map(\.standardizedFileURL)
        self.files = files.map(\.standardizedFileURL)
        self.excluded = excluded.map(\.standardizedFileURL)
    }

    func isExcluded(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return (name.hasPrefix(".") && name != NoMedia.name) || excluded.contains { path == $0.path || path.hasPrefix($0.path + "/") }
    }

    /// inotify on Linux; polling when it cannot be used (no inotify, or
    /// the system's limit of watches reached).
    public func watcher() -> any FileWatcher {
        #if os(Linux)
        if let inotify = try? InotifyWatcher(self) { return inotify }
        #endif
        return PollingWatcher(self)
    }
}
