import Foundation
import ImgSiteMedia
import ImgSitePlanning

/// Private albums, as the rest of the build sees them: locked with their
/// passwords when a build starts, placed by the plan, their parts of a
/// shard's manifest sealed. How is `Sealing`'s, which only the writer holds.
extension SiteWriter: PrivateAddresses {
    /// Each private album's keys, from the environment variable its settings
    /// name; a missing or empty one stops the build naming it (`Sealing.resolve`).
    mutating func lockPrivateAlbums(_ albums: [String: AlbumSettings], site: String, environment: [String: String],
                                    configFile: String, markedBy: [String: String]) throws(BuildError) {
        sealing = try Sealing.resolve(albums, site: site, environment: environment, configFile: configFile, markedBy: markedBy)
    }

    mutating func placePrivate(_ input: String, slug: String, under parent: String) -> PrivatePlacement? {
        sealing.placePrivate(input, slug: slug, under: parent)
    }

    /// `manifest` with each private album's part sealed and taken out.
    func sealed(_ manifest: ShardManifest) throws -> ShardManifest { try manifest.sealed(by: sealing) }

    /// `manifest` (read from `file`) with its private albums' parts opened.
    func opened(_ manifest: ShardManifest, file: URL) throws(BuildError) -> ShardManifest {
        try manifest.opened(by: sealing, file: file)
    }
}
