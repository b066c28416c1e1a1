import Foundation
import Synchronization

/// Where inotify cannot be used: looks at every watched file's size and
/// modification time twice a second, and reports when anything differs.
final class PollingWatcher: FileWatcher {
    private let paths: WatchedPaths
    private let interval: Double
    private let stopped = Mutex(false)

    init(_ paths: WatchedPaths, interval: Double = 0.5) {
        self.paths = paths
        self.interval = interval
    }

    func start(_ changed: @escaping @Sendable (FileChanges) -> Void) throws {
        let first = snapshot()
        let thread = Thread { [self] in
            var previous = first
            while !stopped.withLock({ $0 }) {
                Thread.sleep(forTimeInterval: interval)
                let current = snapshot()
                let differing = Set(current.keys).symmetricDifference(previous.keys)
                    .union(current.keys.filter { previous[$0] != nil && previous[$0] != current[$0] })
                let folders = differing.filter { (current[$0] ?? previous[$0])?.last == 1 }
                if !differing.isEmpty { changed(FileChanges(paths: differing.sorted(), folders: folders, mayBeWriting: true)) }
                previous = current
            }
        }
        thread.start()
    }

    func stop() {
        stopped.withLock { $0 = true }
    }

    /// Path → (size, modification time, 1 for a folder) of every file watched.
    private func snapshot() -> [String: [Double]] {
        var files: [String: [Double]] = [:]
        func record(_ path: String) {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return }
            files[path] = [(attributes[.size] as? NSNumber)?.doubleValue ?? 0,
                           (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0,
                           attributes[.type] as? FileAttributeType == .typeDirectory ? 1 : 0]
        }
        for folder in paths.folders {
            let enumerator = FileManager.default.enumerator(atPath: folder.path)
            while let relative = enumerator?.nextObject() as? String {
                let path = folder.path + "/" + relative
                if paths.isExcluded(path) {
                    enumerator?.skipDescendants()
                    continue
                }
                record(path)
            }
        }
        paths.files.forEach { record($0.path) }
        return files
    }
}
