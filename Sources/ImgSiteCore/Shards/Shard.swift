import Crypto
import Foundation

/// One of `count` machines sharing a library (`--shard 2/4`): it builds the
/// images whose shard key falls to it. The key comes from each file's
/// content, not its path, so a renamed or moved photo stays on its shard
/// (and in that shard's cache), and shards stay balanced as the library
/// grows.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// 1…count.
    public var index: Int
    public var count: Int

    public init?(index: Int, count: Int) {
        guard count >= 1, count <= 10_000, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// "2/4".
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }

    func owns(key: UInt64) -> Bool { Int(key % UInt64(count)) == index - 1 }

    /// Bytes read from each end of a file for its key.
    static let sampled = 16 * 1024

    /// The shard key of a file: SHA-256 of its size and its first and last
    /// 16 KB. Not the full content hash: every shard keys every file of the
    /// library, and reading whole photos on every machine would cost what
    /// sharding saves. Size plus both ends (a JPEG's EXIF and thumbnail at
    /// the start, its last scan at the end) tell photos apart in practice; a
    /// collision only puts two photos on one shard.
    /// A file that cannot be read is keyed by its relative path instead, so
    /// exactly one shard tries it and reports why it failed.
    static func key(of path: String, relativePath: String) -> UInt64 {
        (try? key(of: path)) ?? SHA256.hash(data: Data(relativePath.utf8)).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    }

    static func key(of path: String) throws -> UInt64 {
        let file = try FileHandle(forReadingFrom: URL(filePath: path, directoryHint: .notDirectory))
        defer { try? file.close() }
        let size = try file.seekToEnd()
        try file.seek(toOffset: 0)
        var hasher = SHA256()
        withUnsafeBytes(of: size.littleEndian) { hasher.update(bufferPointer: $0) }
        hasher.update(data: try file.read(upToCount: sampled) ?? Data())
        if size > UInt64(2 * sampled) {
            try file.seek(toOffset: size - UInt64(sampled))
            hasher.update(data: try file.read(upToCount: sampled) ?? Data())
        }
        return hasher.finalize().withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    }
}

/// What a build does: the whole site, one shard's images, or the site from
/// shards' outputs.
public enum BuildMode: Sendable, Equatable {
    case site
    /// Only this shard's images, their files and cache entries, and
    /// `ShardManifest.fileName`; no pages.
    case shard(Shard)
    /// The site from these shard output folders, re-encoding nothing.
    case merge([URL])

    /// Builds pages (a shard writes its manifest instead).
    var writesPages: Bool {
        if case .shard = self { false } else { true }
    }
}
