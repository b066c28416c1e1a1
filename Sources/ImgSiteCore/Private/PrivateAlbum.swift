/// What the pages know of a private album: where its unlock page is and
/// what that page publishes of its lock.
struct PrivateAlbum: Sendable, Equatable {
    var settings: PrivateAlbumSettings
    /// Its public folder ("trips/p-7kq2m9x4ab"), holding the unlock page,
    /// the service worker and the sealed files.
    var address: String
    var salt: String
    var rounds: Int
}
