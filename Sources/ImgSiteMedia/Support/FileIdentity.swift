#if canImport(Glibc)
import Glibc
#endif

/// What the file system says of a file without reading it: when all of it is
/// unchanged, the file is taken to be unchanged and is not opened at all.
public struct FileIdentity: Sendable, Hashable, Codable {
    public var size: Int
    /// Modification time in nanoseconds since 1970.
    public var modifiedNanoseconds: Int64
    public var inode: UInt64

    /// "size time inode": what a kept plan compares a photo by.
    package var text: String { "\(size) \(modifiedNanoseconds) \(inode)" }

    public init(size: Int, modifiedNanoseconds: Int64, inode: UInt64) {
        self.size = size
        self.modifiedNanoseconds = modifiedNanoseconds
        self.inode = inode
    }

    /// `stat(2)` of `path` (following links), or nil when it cannot be read.
    public static func of(_ path: String) -> (identity: FileIdentity, isFolder: Bool, isFile: Bool)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let mode = info.st_mode & S_IFMT
        let identity = FileIdentity(
            size: Int(info.st_size),
            modifiedNanoseconds: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
            inode: UInt64(info.st_ino))
        return (identity, mode == S_IFDIR, mode == S_IFREG)
    }
}
