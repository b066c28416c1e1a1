import Foundation
import ImgSiteMedia

/// Housekeeping inside the output folder, and only there.
public struct OutputFolder {
    let root: URL

    /// Deletes `paths` (relative to the root), then any folder left empty.
    /// Returns how many files were removed.
    func remove(_ paths: Set<String>) -> Int {
        var removed = 0
        var folders = Set<String>()
        for path in paths where !path.contains("..") {
            let url = root.appending(path: path)
            if (try? FileManager.default.removeItem(at: url)) != nil { removed += 1 }
            folders.insert((path as NSString).deletingLastPathComponent)
        }
        for folder in folders.sorted(by: { $0.count > $1.count }) where !folder.isEmpty {
            let url = root.appending(path: folder)
            if (try? FileManager.default.contentsOfDirectory(atPath: url.path))?.isEmpty == true {
                try? FileManager.default.removeItem(at: url)
            }
        }
        return removed
    }

    /// Files named the way imgsite names what it writes: pages, the
    /// stylesheet, variants and the manifest. Pruning falls back on this
    /// when neither the build database nor the manifest says what is ours.
    func filesNamedLikeOurs() -> Set<String> {
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var files = Set<String>()
        while let path = enumerator.nextObject() as? String {
            let components = path.split(separator: "/")
            let ours = path == Manifest.fileName || components.first == "_assets" || components.dropLast().contains("_img")
                || components.dropLast().last.map { $0 == Sealing.Vault.sealedName } == true || path.hasSuffix(".html")
            if ours, (enumerator.fileAttributes?[.type] as? FileAttributeType) == .typeRegular { files.insert(path) }
        }
        return files
    }

    /// Regular files and their bytes, all the way down, but for `except`
    /// (names at the top): what a host publishes of the folder.
    /// What a host is given of the site at `folder`: its files and bytes, the build's lock file aside.
    public static func published(_ folder: URL) -> (files: Int, bytes: Int) {
        OutputFolder(root: folder).filesAndBytes(except: [OutputLock.fileName])
    }

    func filesAndBytes(except: Set<String>) -> (files: Int, bytes: Int) {
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return (0, 0) }
        var (files, bytes) = (0, 0)
        while let path = enumerator.nextObject() as? String {
            guard !except.contains(path), (enumerator.fileAttributes?[.type] as? FileAttributeType) == .typeRegular else { continue }
            files += 1
            bytes += (enumerator.fileAttributes?[.size] as? Int) ?? 0
        }
        return (files, bytes)
    }

    /// Temporary files of an interrupted write (a crash or Ctrl-C mid-write).
    func removeStrayTemporaries() {
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return }
        while let path = enumerator.nextObject() as? String {
            if (path as NSString).lastPathComponent.hasPrefix(AtomicWriter.temporaryPrefix) {
                try? FileManager.default.removeItem(at: root.appending(path: path))
            }
        }
    }
}
