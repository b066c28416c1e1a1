import ImgSiteMedia

/// Which placeholder each image gets: the site's kind, unless an album (or
/// an album above it) chose another in `imgsite.yml`:
///
/// ```yaml
/// placeholder: thumbhash
/// albums:
///   icons: { placeholder: color }
/// ```
public struct PlaceholderPolicy: Sendable, Hashable, CustomStringConvertible, Encodable {
    public var site: PlaceholderKind
    /// Album folder (relative to the input, "/"-separated) → its kind.
    public var albums: [String: PlaceholderKind]

    public init(site: PlaceholderKind = .standard, albums: [String: PlaceholderKind] = [:]) {
        self.site = site
        self.albums = albums
    }

    /// The kind of the source at `relativePath`: its nearest album's choice.
    public func kind(forSource relativePath: String) -> PlaceholderKind {
        albums.isEmpty ? site : albums.nearestAlbum(of: relativePath) ?? site
    }

    /// Bumped when a kind paints differently, so built sites pick it up.
    package static let recipe = 3

    /// Stable text, for the settings key.
    public var description: String {
        (["r\(Self.recipe)", site.rawValue] + albums.keys.sorted().map { "\($0)=\(albums[$0]!.rawValue)" }).joined(separator: ",")
    }
}
