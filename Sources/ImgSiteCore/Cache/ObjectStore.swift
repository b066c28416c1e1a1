import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The encoded files of the cache, `objects/ab/<key>.<ext>` in the cache
/// folder, named by their cache key. They reach the output folder by hard
/// link where the file system allows (no copy, no extra disk), else by copy.
struct ObjectStore: Sendable {
    let folder: URL

    init(cacheFolder: URL) {
        folder = cacheFolder.appendingPathComponent("objects")
    }

    func url(_ name: String) -> URL {
        folder.appendingPathComponent(String(name.prefix(2))).appendingPathComponent(name)
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

    /// Puts object `name` at `destination`: a hard link, or a copy across
    /// file systems; atomically (a temporary name, then `rename(2)`). A file
    /// already there is the same content (its name carries its hash).
    func link(_ name: String, to destination: URL) throws {
        if FileManager.default.fileExists(atPath: destination.path) { return }
        let source = url(name)
        let folder = destination.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(AtomicWriter.temporaryPrefix + UUID().uuidString)
        if Glibc.link(source.path, temporary.path) == 0 {
            guard rename(temporary.path, destination.path) == 0 else {
                let code = errno
                unlink(temporary.path)
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path, "errno": code])
            }
            return
        }
        // EXDEV (another file system), EPERM (no links there), EMLINK: copy.
        try AtomicWriter.write(try Data(contentsOf: source), to: destination)
    }
}
