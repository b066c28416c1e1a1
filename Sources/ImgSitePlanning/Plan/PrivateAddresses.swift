/// Where the plan puts a private album: decided by whoever seals its files
/// (the site's writer), so the plan knows addresses and never how they are made.
package protocol PrivateAddresses {
    /// The placement of the album read from `input` whose slug would be
    /// `slug` under `parent`; nil for an album that is not private. Called
    /// once for each album, parents first.
    mutating func placePrivate(_ input: String, slug: String, under parent: String) -> PrivatePlacement?
}

/// A private album's place in the plan.
package struct PrivatePlacement {
    /// Its public folder (holding the unlock page) and what its pages say of it.
    package var privacy: PrivateAlbum
    /// Where its pages and files are planned: a folder inside the address,
    /// published sealed.
    package var plainFolder: String
    /// Its key's check, which names its published files (`ImageJob.sealedBy`).
    package var check: String

    package init(privacy: PrivateAlbum, plainFolder: String, check: String) {
        (self.privacy, self.plainFolder, self.check) = (privacy, plainFolder, check)
    }
}

/// The plan of a site without private albums.
package struct NoPrivateAlbums: PrivateAddresses {
    package func placePrivate(_ input: String, slug: String, under parent: String) -> PrivatePlacement? { nil }
}
