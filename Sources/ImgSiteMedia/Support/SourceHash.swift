import Crypto
import Foundation

/// SHA-256 of a file's bytes, read in 1 MiB pieces: the identity of a photo's
/// content wherever it lives and whatever its modification time, so a CI
/// checkout or a renamed folder reuses everything already encoded.
package enum SourceHash {
    package static func of(_ path: String) throws -> String {
        let handle = try FileHandle(forReadingFrom: URL(filePath: path, directoryHint: .notDirectory))
        defer { try? handle.close() }
        var hasher = SHA256()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            hasher.update(data: chunk)
        }
        return hasher.finalize().hex
    }

    /// SHA-256 of text, as hex: cache keys.
    package static func of(text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).hex
    }

    /// SHA-256 of many pieces of text, fed one by one (no joined string).
    package static func of(texts: some Sequence<String>) -> String {
        var hasher = SHA256()
        var separator: UInt8 = 0
        for text in texts {
            var piece = text
            piece.withUTF8 { hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }
            withUnsafeBytes(of: &separator) { hasher.update(bufferPointer: $0) }
        }
        return hasher.finalize().hex
    }

    /// SHA-256 of bytes, as hex.
    package static func of(data: Data) -> String {
        SHA256.hash(data: data).hex
    }
}

extension Digest {
    /// Lower-case hex, without a formatter per byte (page digests are hashed by the thousand).
    package var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.byteCount * 2)
        for byte in self {
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
