import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ImgSiteMedia

/// Puts a file at a destination by hard link where the file system allows
/// (no copy, no extra disk), else by copy; atomically (a temporary name,
/// then `rename(2)`). A file already there is kept: callers place files
/// whose names carry their content hash.
enum LinkOrCopy {
    static func place(_ source: URL, at destination: URL) throws {
        if FileManager.default.fileExists(atPath: destination.path) { return }
        let folder = destination.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appending(path: AtomicWriter.temporaryName())
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
