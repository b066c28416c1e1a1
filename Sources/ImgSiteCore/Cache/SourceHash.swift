import Crypto
import Foundation

/// SHA-256 of a file's bytes, read in 1 MiB pieces: the identity of a photo's
/// content wherever it lives and whatever its modification time, so a CI
/// checkout or a renamed folder reuses everything already encoded.
enum SourceHash {
    static func of(_ path: String) throws -> String {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var hasher = SHA256()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            hasher.update(data: chunk)
        }
        return hasher.finalize().hex
    }

    /// SHA-256 of text, as hex: cache keys.
    static func of(text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).hex
    }
}

extension Digest {
    var hex: String { map { String(format: "%02x", $0) }.joined() }
}
