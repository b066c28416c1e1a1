/// What the pages know of a private album: where its unlock page is and
/// what that page publishes of its lock.
package struct PrivateAlbum: Sendable, Equatable {
    package var settings: PrivateAlbumSettings
    /// Its public folder ("trips/p-7kq2m9x4ab"), holding the unlock page,
    /// the service worker and the sealed files.
    package var address: String
    package var salt: String
    package var rounds: Int

    package init(settings: PrivateAlbumSettings, address: String, salt: String, rounds: Int) {
        (self.settings, self.address, self.salt, self.rounds) = (settings, address, salt, rounds)
    }
}
