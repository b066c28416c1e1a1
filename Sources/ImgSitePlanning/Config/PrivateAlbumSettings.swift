/// `albums.<folder>.private:` of imgsite.yml: the album and everything
/// below it published encrypted (`Sealing`), readable with a password.
public struct PrivateAlbumSettings: Sendable, Equatable {
    /// The environment variable holding the password (a CI secret): never
    /// a file in the photos folder, which may be published or shared.
    public var passwordEnv: String
    /// Its card stays on the parent's page, with a lock.
    public var listed = false
    /// Its title is shown on that card and its unlock page, and its
    /// address is its slug; else "Private album" at a random address.
    public var titlePublic = false

    public init(passwordEnv: String, listed: Bool = false, titlePublic: Bool = false) {
        (self.passwordEnv, self.listed, self.titlePublic) = (passwordEnv, listed, titlePublic)
    }
}
