/// An image format imgsite writes.
public enum OutputFormat: String, Sendable, CaseIterable, Codable, Hashable {
    case jpeg, webp, avif, jxl
    /// Animations only: the fallback of an animated WebP (`animated.outputs`).
    case gif
    /// Video clips only (`VideoCodec`): H.264 in MP4, and AV1 in MP4.
    case mp4, av1
    /// A clip's own file under `downloads: original`: its streams copied
    /// into its own container, so its name keeps its source's extension
    /// (".mov", ".webm"), not `fileExtension`.
    case clip

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
        case .mp4, .av1: "mp4"
        case .clip: "video"
        }
    }

    /// MIME type for `<source type>`.
    public var mimeType: String { isVideo ? "video/mp4" : "image/\(rawValue)" }

    /// A clip's video file, not an image.
    public var isVideo: Bool { self == .mp4 || self == .av1 || self == .clip }

    /// Order of `<source>` elements: the browser takes the first it supports,
    /// so the smallest format comes first and JPEG (the `<img>`) last.
    public var preference: Int {
        switch self {
        case .jxl: 0
        case .avif: 1
        case .webp: 2
        case .jpeg: 3
        case .gif: 4
        case .av1: 5
        case .mp4: 6
        case .clip: 7
        }
    }
}
