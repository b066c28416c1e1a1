/// What becomes of an HDR photo (`hdr:`): both renditions, each to its
/// screen, or its SDR one alone.
public enum HDRMode: String, Sendable, Hashable, CaseIterable, Codable {
    /// SDR screens get the usual files; HDR screens get JPEGs that carry
    /// the gain map too, at the same widths.
    case keep
    /// The SDR rendition only, as if the photo had no gain map.
    case sdr
}

/// Which photos publish their HDR rendition: the site's choice, unless an
/// album (or one above it) made another in `imgsite.yml`; and whether
/// dense screens get HDR files (a budget may give that up):
///
/// ```yaml
/// hdr: keep
/// albums:
///   scans: { hdr: sdr }
/// ```
public struct HDRPolicy: Sendable, Hashable, Encodable {
    public var site: HDRMode
    /// Album folder (relative to the input, "/"-separated) → its choice.
    public var albums: [String: HDRMode]
    /// False: HDR files only up to the widths 1x screens take; screens of
    /// 2x and more get SDR files (a budget's move).
    public var denseScreens = true

    public init(site: HDRMode = .keep, albums: [String: HDRMode] = [:]) {
        self.site = site
        self.albums = albums
    }

    /// The choice for the source at `relativePath`: its nearest album's.
    public func mode(forSource relativePath: String) -> HDRMode {
        albums.nearestAlbum(of: relativePath) ?? site
    }

    /// Whether any photo may publish HDR files.
    public var anyKept: Bool { site == .keep || albums.values.contains(.keep) }
}
