import ImgSiteMedia
/// A published file's format: an image's or a clip's. Written as its
/// case's name ("webp", "mp4"), in the manifest and the build database alike.
public enum FileFormat: Sendable, Hashable {
    case image(OutputFormat)
    case video(VideoFormat)

    public static let jpeg = image(.jpeg), webp = image(.webp), avif = image(.avif), jxl = image(.jxl), gif = image(.gif)
    public static let mp4 = video(.mp4), av1 = video(.av1), clip = video(.clip)

    /// The image format, or nil for a clip's file.
    public var imageFormat: OutputFormat? {
        if case .image(let format) = self { format } else { nil }
    }

    /// File name extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .image(let format): format.fileExtension
        case .video(let format): format.fileExtension
        }
    }

    /// MIME type for `<source type>`.
    public var mimeType: String { imageFormat?.mimeType ?? "video/mp4" }

    /// Order of `<source>` elements (`OutputFormat.preference`), clips' last.
    public var preference: Int {
        switch self {
        case .image(let format): format.preference
        case .video(let format): format.preference
        }
    }
}

extension FileFormat: RawRepresentable, Codable {
    public var rawValue: String {
        switch self {
        case .image(let format): format.rawValue
        case .video(let format): format.rawValue
        }
    }

    public init?(rawValue: String) {
        if let format = OutputFormat(rawValue: rawValue) {
            self = .image(format)
        } else if let format = VideoFormat(rawValue: rawValue) {
            self = .video(format)
        } else {
            return nil
        }
    }
}
