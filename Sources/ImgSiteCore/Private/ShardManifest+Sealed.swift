import Foundation
import ImgSiteMedia

/// A shard's manifest names the photos it built; a private album's part is
/// sealed with the album's file key, so a shard's folder (often a CI
/// artifact) says nothing of it, and the merge opens it with the same keys.
extension ShardManifest {
    /// This manifest with each private album's part sealed and taken out.
    func sealed(by sealing: Sealing) throws -> ShardManifest {
        var manifest = self
        for vault in sealing.vaults {
            let inside = { (path: String) in path.hasPrefix(vault.input + "/") }
            let part = SealedPart(images: images.filter { inside($0.image.source) }, failed: failed.filter { inside($0.path) })
            guard !part.images.isEmpty || !part.failed.isEmpty else { continue }
            manifest.images.removeAll { inside($0.image.source) }
            manifest.failed.removeAll { inside($0.path) }
            let data = try SealedFile.seal(try JSONEncoder().encode(part), name: SealedPart.name, key: vault.keys.files)
            manifest.sealed = (manifest.sealed ?? [:]).merging([vault.lock.address: data.base64EncodedString()]) { $1 }
        }
        return manifest
    }

    /// This manifest with its private albums' parts opened.
    func opened(by sealing: Sealing, file: URL) throws(BuildError) -> ShardManifest {
        var manifest = self
        for (address, text) in sealed ?? [:] {
            guard let vault = sealing.vaults.first(where: { $0.lock.address == address }), let data = Data(base64Encoded: text),
                let json = try? SealedFile.open(data, name: SealedPart.name, key: vault.keys.files),
                let part = try? JSONDecoder().decode(SealedPart.self, from: json)
            else {
                throw BuildError(path: file.path, "holds a private album this merge cannot open: build every shard and the merge with the same private albums and passwords")
            }
            manifest.images += part.images
            manifest.failed += part.failed
        }
        manifest.sealed = nil
        return manifest
    }
}
