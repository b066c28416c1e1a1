import Foundation
import ImgSiteMedia

/// The encoded files of the cache, `objects/a/<key>.<ext>` in the cache
/// folder, named by their cache key and grouped by its first hex digit. They
/// reach the output folder by hard link where the file system allows (no
/// copy, no extra disk), else by copy.
///
/// Sixteen folders, not 256 by the first two digits as before: a first build
/// of 32 photos made a folder for nearly every one of its 64 files, and a
/// new folder costs a new inode (bench-peers: 4.5 ms of 0.4 s). Sixteen still
/// keep a million objects at 60,000 a folder, which ext4's hashed
/// directories look up as fast as a few.
struct ObjectStore: Sendable {
    let folder: URL

    init(cacheFolder: URL) {
        folder = CacheFolder(cacheFolder).objects
    }

    func url(_ name: String) -> URL {
        folder.appending(path: String(name.prefix(1))).appending(path: name)
    }

    /// Stores objects, one image's, atomically and made durable together
    /// (`AtomicWriter.write(_:workers:placed:)`): their writes reach the
    /// disk side by side, not one after the other. Existing objects are
    /// kept; throws the first failure.
    func put(_ objects: [(data: Data, name: String)]) throws {
        let new = objects.filter { !exists($0.name) }.map { (data: $0.data, url: url($0.name)) }
        if let error = AtomicWriter.write(new, workers: 1).lazy.compactMap({ $0 }).first { throw error }
    }

    /// Moves `file`, written whole (a clip's video file), into the store as
    /// object `name`, made durable first: a large file is not read into
    /// memory as `put` would. An object already there is kept.
    func adopt(_ file: URL, as name: String) throws {
        let destination = url(name)
        guard !exists(name) else { return try FileManager.default.removeItem(at: file) }
        try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        let handle = try FileHandle(forUpdating: file)
        try handle.synchronize()
        try handle.close()
        guard rename(file.path, destination.path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: url(name).path)
    }

    /// Puts object `name` at `destination` (`LinkOrCopy`). A file already
    /// there is the same content (its name carries its hash).
    func link(_ name: String, to destination: URL) throws {
        try LinkOrCopy.place(url(name), at: destination)
    }

    /// Moves the objects of caches made before (`objects/ab/<key>`) into
    /// their folder now, once (a build database migration). Safe to stop and
    /// run again: what was moved is no longer where it came from.
    func regroupTwoCharacterFolders() throws {
        let manager = FileManager.default
        guard let groups = try? manager.contentsOfDirectory(atPath: folder.path) else { return }
        for group in groups where group.count == 2 {
            let old = folder.appending(path: group)
            let new = folder.appending(path: String(group.prefix(1)))
            try manager.createDirectory(at: new, withIntermediateDirectories: true)
            for name in (try? manager.contentsOfDirectory(atPath: old.path)) ?? [] {
                // Another build may have moved it first.
                let from = old.appending(path: name).path
                guard rename(from, new.appending(path: name).path) == 0 || errno == ENOENT else {
                    throw CocoaError(.fileWriteUnknown, userInfo: [
                        NSFilePathErrorKey: from, NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO),
                    ])
                }
            }
            rmdir(old.path)
        }
    }
}
