/// Where the plan puts a private album: decided by whoever seals its files
/// (the site's writer), so the plan knows addresses and never how they are made.
protocol PrivateAddresses {
    /// The placement of the album read from `input` whose slug would be
    /// `slug` under `parent`; nil for an album that is not private. Called
    /// once for each album, parents first.
    mutating func placePrivate(_ input: String, slug: String, under parent: String) -> PrivatePlacement?
}

/// A private album's place in the plan.
struct PrivatePlacement {
    /// Its public folder (holding the unlock page) and what its pages say of it.
    var privacy: PrivateAlbum
    /// Where its pages and files are planned: a folder inside the address,
    /// published sealed.
    var plainFolder: String
    /// Its key's check, which names its published files (`ImageJob.sealedBy`).
    var check: String
}

/// The plan of a site without private albums.
struct NoPrivateAlbums: PrivateAddresses {
    func placePrivate(_ input: String, slug: String, under parent: String) -> PrivatePlacement? { nil }
}
