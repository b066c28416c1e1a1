import Foundation
import ImgSitePlanning

/// A vault's address: its own slug, or its lock's random name when even
/// its title is not to be seen; its pages and files in its plain folder.
extension Sealing: PrivateAddresses {
    mutating func placePrivate(_ input: String, slug: String, under parent: String) -> PrivatePlacement? {
        guard let index = vaults.firstIndex(where: { $0.input == input }) else { return nil }
        let vault = vaults[index]
        let name = vault.settings.titlePublic ? slug : vault.lock.address
        let address = parent.isEmpty ? name : "\(parent)/\(name)"
        vaults[index].address = address
        return PrivatePlacement(
            privacy: PrivateAlbum(settings: vault.settings, address: address, salt: vault.lock.salt.base64EncodedString(), rounds: vault.lock.rounds),
            plainFolder: "\(address)/\(Vault.plainName)", check: vault.keys.check)
    }
}
