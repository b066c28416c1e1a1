import Foundation

/// Housekeeping inside the output folder, and only there.
struct OutputFolder {
    let root: URL

    /// Deletes `paths` (relative to the root), then any folder left empty.
    /// Returns how many files were removed.
    func remove(_ paths: Set<String>) -> Int {
        var removed = 0
        var folders = Set<String>()
        for path in paths where !path.contains("..") {
            let url = root.appendingPathComponent(path)
            if (try? FileManager.default.removeItem(at: url)) != nil { removed += 1 }
            folders.insert((path as NSString).deletingLastPathComponent)
        }
        for folder in folders.sorted(by: { $0.count > $1.count }) where !folder.isEmpty {
            let url = root.appendingPathComponent(folder)
            if (try? FileManager.default.contentsOfDirectory(atPath: url.path))?.isEmpty == true {
                try? FileManager.default.removeItem(at: url)
            }
        }
        return removed
    }

    /// Temporary files of an interrupted write (a crash or Ctrl-C mid-write).
    func removeStrayTemporaries() {
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return }
        while let path = enumerator.nextObject() as? String {
            if (path as NSString).lastPathComponent.hasPrefix(AtomicWriter.temporaryPrefix) {
                try? FileManager.default.removeItem(at: root.appendingPathComponent(path))
            }
        }
    }
}
