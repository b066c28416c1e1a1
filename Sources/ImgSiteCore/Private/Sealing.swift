import Foundation
import ImgSiteMedia
import ImgSitePlanning

/// The site's private albums and how their files are published: every file
/// the build makes under an album's plain folder ("family/album/…", the
/// paths its pages link) is written encrypted under a name derived from
/// the key ("family/_sealed/<hmac>"), and nothing of it in plain text.
/// The writers ask `real(_:)` where a path goes and `seal` for its bytes;
/// beside the sealed files each album has an unlock page and a service
/// worker ("family/index.html", "family/sw.js").
struct Sealing: Sendable {
    /// One private album.
    struct Vault: Sendable {
        /// Its folder relative to the input ("trips/family").
        var input: String
        var settings: PrivateAlbumSettings
        var lock: AlbumLock
        var keys: AlbumKeys
        /// Its public folder in the site ("trips/p-7kq2m9x4ab"), set once planned.
        var address = ""

        /// Where the build puts its pages and files, as they link each other.
        var plainFolder: String { address + "/" + Self.plainName + "/" }
        var sealedFolder: String { address + "/" + Self.sealedName + "/" }
        static let plainName = "album"
        static let sealedName = "_sealed"

        /// The published path of `path` (under `plainFolder`).
        func sealedPath(_ path: String) -> String {
            sealedFolder + keys.sealedName(String(path.dropFirst(plainFolder.count)))
        }
    }

    var vaults: [Vault] = []

    static let none = Sealing()

    /// Each private album's keys, from the environment variable its
    /// settings name; a missing or empty one stops the build naming it.
    /// `site`: the site's `base_url`, else its title (`AlbumLock`).
    /// `markedBy`: the albums marked by their own file, that file (else `configFile` marks them).
    static func resolve(_ albums: [String: AlbumSettings], site: String, environment: [String: String],
                        configFile: String, markedBy: [String: String] = [:]) throws(BuildError) -> Sealing {
        var sealing = Sealing()
        for (input, settings) in albums.sorted(by: { $0.key < $1.key }) {
            guard let privacy = settings.privacy else { continue }
            let (file, key) = markedBy[input].map { ($0, "private") } ?? (configFile, "albums.\(input).private")
            guard !input.isEmpty else {
                throw BuildError(path: file, "\(key): the photos folder itself cannot be private (its front page is the site's door); mark its albums private instead")
            }
            if let outer = sealing.vaults.first(where: { input.hasPrefix($0.input + "/") }) {
                throw BuildError(path: file, "\(key): \(input) is inside the private album \(outer.input), sealed with its password already")
            }
            guard let password = environment[privacy.passwordEnv], !password.isEmpty else {
                throw BuildError(path: file, "\(key): the environment variable \(privacy.passwordEnv) holding its password is \(environment[privacy.passwordEnv] == nil ? "not set" : "empty"); nothing was published")
            }
            do {
                let (lock, keys) = try AlbumLock.derive(site: site, album: lockName(input), password: password)
                sealing.vaults.append(Vault(input: input, settings: privacy, lock: lock, keys: keys))
            } catch {
                throw BuildError(path: file, "\(key): its key cannot be derived: \(error)")
            }
        }
        return sealing
    }

    /// The album's folders by their names ("04-family" → "family"): numbering
    /// folders to order them keeps its address, as it keeps its key (`AlbumFolders`).
    private static func lockName(_ input: String) -> String {
        input.split(separator: "/").map { AlbumFile.title(ofFolder: String($0)) }.joined(separator: "/")
    }

    var isEmpty: Bool { vaults.isEmpty }

    /// The vault whose plain folder holds `path`.
    func vault(of path: String) -> Vault? {
        vaults.isEmpty ? nil : vaults.first { path.hasPrefix($0.plainFolder) }
    }

    /// Where the file the build calls `path` is published.
    func real(_ path: String) -> String {
        vault(of: path)?.sealedPath(path) ?? path
    }

    /// `data` as published at `path`: sealed when the path is private.
    func seal(_ data: Data, at path: String) throws -> Data {
        guard let vault = vault(of: path) else { return data }
        let real = vault.sealedPath(path)
        return try SealedFile.seal(data, name: String(real.split(separator: "/").last!), key: vault.keys.files)
    }

    /// The plain bytes of the published file the build calls `path`
    /// (an album's zip reads its photos' downloads back).
    func open(_ path: String, in output: URL) throws -> Data {
        let data = try Data(contentsOf: output.appending(path: real(path)))
        guard let vault = vault(of: path) else { return data }
        let real = vault.sealedPath(path)
        return try SealedFile.open(data, name: String(real.split(separator: "/").last!), key: vault.keys.files)
    }

    /// Puts the file at `source` (a cache object) where `path` is published:
    /// linked when public, sealed into place when private. A sealed file
    /// already there is kept: its name carries the path, and the path the
    /// content's hash.
    func place(_ source: URL, at path: String, output: URL) throws {
        guard let vault = vault(of: path) else { return try LinkOrCopy.place(source, at: output.appending(path: path)) }
        let real = vault.sealedPath(path)
        let destination = output.appending(path: real)
        if FileManager.default.fileExists(atPath: destination.path) { return }
        try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicWriter.stream(to: destination) { handle in
            try SealedFile.seal(file: source, into: handle, name: String(real.split(separator: "/").last!), key: vault.keys.files)
        }
    }
}
