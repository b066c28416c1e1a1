/// An image format imgsite writes (a clip's files are `VideoFormat`s; a
/// published file's format is either, `FileFormat`).
public enum OutputFormat: String, Sendable, CaseIterable, Codable, Hashable {
    case jpeg, webp, avif, jxl
    /// Animations only: the fallback of an animated WebP (`animated.outputs`).
    case gif

    /// What `formats` in `imgsite.yml` may list: a still is never a GIF.
    public static let stillFormats: [OutputFormat] = [.jpeg, .webp, .avif, .jxl]
    /// What `dense_format` may be: the formats browsers pick by density
    /// from a `srcset` (no JPEG XL in Chromium), whose codecs have dense settings.
    public static let denseFormats: [OutputFormat] = [.avif, .webp]
    static let gifIsAnimatedOnly = "cannot include gif: GIF is made for animations only (see animated.outputs)"

    /// File name extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .webp: "webp"
        case .avif: "avif"
        case .jxl: "jxl"
        case .gif: "gif"
        }
    }

    /// MIME type for `<source type>`.
    public var mimeType: String { "image/\(rawValue)" }

    /// Order of `<source>` elements: the browser takes the first it supports,
    /// so the smallest format comes first and JPEG (the `<img>`) last.
    public var preference: Int {
        switch self {
        case .jxl: 0
        case .avif: 1
        case .webp: 2
        case .jpeg: 3
        case .gif: 4
        }
    }
}
