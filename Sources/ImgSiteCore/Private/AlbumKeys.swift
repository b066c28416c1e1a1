import _CryptoExtras
import Crypto
import Foundation

/// A private album's two keys, derived from its password: one encrypts its
/// files (`SealedFile`), one names them. The browser derives the same with
/// Web Crypto (`templates/private.js.mustache`):
///
///     master = PBKDF2-HMAC-SHA256(password in NFC, salt, rounds, 32 bytes)
///     files  = HKDF-SHA256(master, no salt, info "imgsite files", 32 bytes)   each file's key (`SealedFile`)
///     names  = HKDF-SHA256(master, no salt, info "imgsite names", 32 bytes)   HMAC-SHA256
struct AlbumKeys: Sendable {
    /// OWASP's figure for PBKDF2-HMAC-SHA256 (2023); the unlock page says
    /// how many it used, so a later build may raise it.
    static let rounds = 600_000

    // Their bytes: `SymmetricKey` is not `Sendable`, and keys cross the build's threads.
    private let fileKey: Data
    private let nameKey: Data
    var files: SymmetricKey { SymmetricKey(data: fileKey) }
    var names: SymmetricKey { SymmetricKey(data: nameKey) }

    init(password: String, salt: Data, rounds: Int) throws {
        let master = try KDF.Insecure.PBKDF2.deriveKey(
            from: Data(password.precomposedStringWithCanonicalMapping.utf8), salt: salt, using: .sha256, outputByteCount: 32,
            rounds: rounds)
        fileKey = Self.expand(master, "imgsite files")
        nameKey = Self.expand(master, "imgsite names")
    }

    private static func expand(_ master: SymmetricKey, _ info: String) -> Data {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: master, salt: Data(), info: Data(info.utf8), outputByteCount: 32)
            .withUnsafeBytes { Data($0) }
    }

    /// The published name of the file at `path` inside the album (as its
    /// pages link it: "index.html", "_img/dunes-480.3fa9c2d1.webp"): 128
    /// bits of its HMAC in hex, so nothing of the path shows and the
    /// browser finds the file from the address it asks for.
    func sealedName(_ path: String) -> String {
        HMAC<SHA256>.authenticationCode(for: Data(path.utf8), using: names).prefix(16).map { String(format: "%02x", $0) }.joined()
    }

    /// Tells keys apart without showing them: the journal's mark of the
    /// key a private photo's files were sealed with.
    var check: String { sealedName("imgsite key check") }
}
