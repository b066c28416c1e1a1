import Crypto
import Foundation

/// The form of every file a private album publishes: age's STREAM
/// construction (C2SP age v1's payload) with AES-256-GCM in place of
/// ChaCha20-Poly1305, which Web Crypto lacks. In chunks, so a browser
/// decrypts a large file (a zip, a clip) as it arrives instead of holding
/// it whole (`templates/sw.js.mustache`).
///
///     "ISEALED1" · 16 random bytes · chunk 0 · chunk 1 · …
///
/// The random bytes salt HKDF-SHA256 of the album's file key into this
/// file's own key (info "imgsite payload"): no two files share a key, so
/// nonces never repeat under one. Chunk i holds 64 KiB of the file (the
/// last fewer, possibly none) and its 16-byte tag; its nonce is i as 11
/// big-endian bytes and a byte, 1 for the last chunk, else 0; it
/// authenticates the file's published name, so no chunk can be dropped,
/// reordered, cut short or moved to another file.
enum SealedFile {
    static let magic = Data("ISEALED1".utf8)
    static let chunkSize = 65_536
    static let tagSize = 16
    static let headerSize = 24

    /// `plain` sealed under `key` as the file `name`.
    static func seal(_ plain: Data, name: String, key: SymmetricKey) throws -> Data {
        var sealed = header()
        let fileKey = payloadKey(key, salt: sealed.suffix(16))
        var index: UInt32 = 0
        var start = plain.startIndex
        while true {
            let end = min(start + chunkSize, plain.endIndex)
            let last = end == plain.endIndex && end - start < chunkSize
            sealed.append(try chunk(plain[start..<end], index: index, last: last, name: name, key: fileKey))
            if last { break }
            (start, index) = (end, index + 1)
        }
        return sealed
    }

    /// The file at `source` sealed into `handle` a chunk at a time (a clip
    /// or a zip is never held whole).
    static func seal(file source: URL, into handle: FileHandle, name: String, key: SymmetricKey) throws {
        let input = try FileHandle(forReadingFrom: source)
        defer { try? input.close() }
        let head = header()
        let fileKey = payloadKey(key, salt: head.suffix(16))
        try handle.write(contentsOf: head)
        var index: UInt32 = 0
        var pending = try input.read(upToCount: chunkSize) ?? Data()
        while true {
            let next = pending.count == chunkSize ? try input.read(upToCount: chunkSize) ?? Data() : Data()
            // A full chunk is the last only if nothing follows it; then an empty one ends the file.
            let last = pending.count < chunkSize
            try handle.write(contentsOf: try chunk(pending, index: index, last: last, name: name, key: fileKey))
            if last { break }
            (pending, index) = (next, index + 1)
        }
    }

    /// The file `sealed`, published as `name`, opened; throws if any byte
    /// was changed, or the key or the name is not its own.
    static func open(_ sealed: Data, name: String, key: SymmetricKey) throws -> Data {
        guard sealed.count >= headerSize + tagSize, sealed.prefix(8) == magic else { throw CryptoKitError.authenticationFailure }
        let fileKey = payloadKey(key, salt: sealed[sealed.startIndex + 8..<sealed.startIndex + headerSize])
        var plain = Data()
        var start = sealed.startIndex + headerSize
        var index: UInt32 = 0
        while start < sealed.endIndex {
            let end = min(start + chunkSize + tagSize, sealed.endIndex)
            let last = end == sealed.endIndex && end - start < chunkSize + tagSize
            let box = try AES.GCM.SealedBox(
                nonce: nonce(index, last: last), ciphertext: sealed[start..<end - tagSize], tag: sealed[end - tagSize..<end])
            plain.append(try AES.GCM.open(box, using: fileKey, authenticating: Data(name.utf8)))
            if last { return plain }
            (start, index) = (end, index + 1)
        }
        throw CryptoKitError.authenticationFailure  // cut at a chunk's end: the last chunk is missing
    }

    private static func header() -> Data {
        var header = magic
        header.append(contentsOf: (0..<16).map { _ in UInt8.random(in: 0...255) })
        return header
    }

    private static func payloadKey(_ key: SymmetricKey, salt: Data) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: key, salt: salt, info: Data("imgsite payload".utf8), outputByteCount: 32)
    }

    private static func chunk(_ plain: Data, index: UInt32, last: Bool, name: String, key: SymmetricKey) throws -> Data {
        let box = try AES.GCM.seal(plain, using: key, nonce: nonce(index, last: last), authenticating: Data(name.utf8))
        return box.ciphertext + box.tag
    }

    /// `index` as 11 big-endian bytes, then the last-chunk flag.
    private static func nonce(_ index: UInt32, last: Bool) throws -> AES.GCM.Nonce {
        try AES.GCM.Nonce(data: Data(repeating: 0, count: 7) + withUnsafeBytes(of: index.bigEndian) { Data($0) } + [last ? 1 : 0])
    }
}
