import Foundation

/// Where each published file is, answered by the writer alone: every
/// step names a file by the path pages link it as, and only the writer
/// knows that a private album's file is stored sealed under another name
/// (`Sealing`). Reads go through it as writes do.
extension SiteWriter {
    /// Where the file the build calls `path` is stored in the output folder:
    /// the path itself, or a private album's sealed name.
    func stored(_ path: String) -> String { sealing.real(path) }

    /// Whether the file is in the output folder.
    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appending(path: stored(path)).path)
    }

    /// Its size as stored (0 when it is not there).
    func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: root.appending(path: stored(path)).path))?[.size] as? Int) ?? 0
    }

    /// Its bytes as the build made them (a private album's opened).
    func read(_ path: String) throws -> Data { try sealing.open(path, in: root) }

    /// The file at `source` (a cache object) published at `path`: linked, or sealed into place.
    func place(_ source: URL, at path: String) throws { try sealing.place(source, at: path, output: root) }

    /// Whether `path` is a private album's file, sealed afresh each time it
    /// is written (its stored bytes are never the same twice).
    func isSealed(_ path: String) -> Bool { sealing.vault(of: path) != nil }

    /// Whether `path` is at a private album's address (its unlock page,
    /// worker and sealed files): no public list names it.
    func isPrivate(_ path: String) -> Bool { sealing.vaults.contains { path.hasPrefix($0.address + "/") } }

    /// The private albums' addresses, as pages link them.
    var privateAddresses: [String] { sealing.vaults.map(\.address) }

    /// What the summary says of each private album: its folder and address.
    func privateAlbums(baseURL: String?) -> [PrivateAlbumAddress] {
        sealing.vaults.filter { !$0.address.isEmpty }.map { vault in
            PrivateAlbumAddress(folder: vault.input, address: vault.address + "/", url: baseURL.map { $0 + vault.address + "/" })
        }
    }
}
