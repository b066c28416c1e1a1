import Foundation

/// The encoded files of the cache, `objects/ab/<key>.<ext>` in the cache
/// folder, named by their cache key. They reach the output folder by hard
/// link where the file system allows (no copy, no extra disk), else by copy.
struct ObjectStore: Sendable {
    let folder: URL

    init(cacheFolder: URL) {
        folder = cacheFolder.appending(path: "objects")
    }

    func url(_ name: String) -> URL {
        folder.appending(path: String(name.prefix(2))).appending(path: name)
    }

    /// Stores bytes under `name` (atomically; an existing object is kept).
    func put(_ data: Data, name: String) throws {
        let target = url(name)
        if FileManager.default.fileExists(atPath: target.path) { return }
        try AtomicWriter.write(data, to: target)
    }

    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: url(name).path)
    }

    /// Puts object `name` at `destination` (`LinkOrCopy`). A file already
    /// there is the same content (its name carries its hash).
    func link(_ name: String, to destination: URL) throws {
        try LinkOrCopy.place(url(name), at: destination)
    }
}
