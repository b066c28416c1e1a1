import Crypto
import Foundation

/// What a private album publishes of its lock: the salt and rounds its
/// unlock page gives the browser, and the address it is found at. Derived,
/// never stored: every build, every shard of one and a build without its
/// cache make the same lock while the password is unchanged, so names and
/// the link stay; a new password makes a new address and new names, and the
/// old files are removed.
struct AlbumLock: Sendable, Equatable {
    /// 16 bytes of SHA-256 over the site (`base_url`, else its title) and
    /// the album's folder: its own to this album of this site, so no
    /// guessing done against another imgsite album serves against it.
    var salt: Data
    var rounds = AlbumKeys.rounds
    /// "p-" and 10 letters and digits (50 bits) from the key: found only
    /// through its link (or a listed card), and new with a new password.
    var address: String

    static func derive(site: String, album: String, password: String) throws -> (AlbumLock, AlbumKeys) {
        let salt = Data(SHA256.hash(data: Data("imgsite salt\u{0}\(site)\u{0}\(album)".utf8)).prefix(16))
        let keys = try AlbumKeys(password: password, salt: salt, rounds: AlbumKeys.rounds)
        let alphabet = Array("abcdefghijkmnpqrstuvwxyz23456789")
        let mac = HMAC<SHA256>.authenticationCode(for: Data("imgsite address".utf8), using: keys.names)
        let address = "p-" + String(mac.prefix(10).map { alphabet[Int($0) % alphabet.count] })
        return (AlbumLock(salt: salt, address: address), keys)
    }
}
