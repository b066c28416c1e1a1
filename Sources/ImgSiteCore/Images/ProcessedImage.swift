/// The result of processing one source: what was written and what the
/// pages need. `Sendable` and `Codable`: it crosses threads and is the
/// manifest entry that makes the next build skip this source.
public struct ProcessedImage: Codable, Sendable, Equatable {
    /// Source path relative to the input folder.
    public var source: String
    public var sourceBytes: Int
    /// Upright size of the source.
    public var width: Int
    public var height: Int
    public var hasAlpha: Bool
    /// Largest first.
    public var variants: [Variant]
    public var placeholder: Placeholder?
    public var metadata: KeptMetadata
    /// Problems that did not stop the build (damaged but usable file).
    public var warnings: [String]

    /// Bytes written for all variants.
    public var outputBytes: Int { variants.reduce(0) { $0 + $1.bytes } }
}

/// One encoded file.
public struct Variant: Codable, Sendable, Equatable {
    /// Path relative to the output folder.
    public var path: String
    public var format: OutputFormat
    public var width: Int
    public var height: Int
    public var bytes: Int
}

/// Metadata read from the source that pages may show; only what the
/// metadata policy allows (never GPS or serial numbers).
public struct KeptMetadata: Codable, Sendable, Equatable {
    /// EXIF DateTimeOriginal as "YYYY-MM-DDTHH:MM:SS", for ordering.
    public var captureDate: String?
    /// EXIF ImageDescription, when it is a real caption.
    public var caption: String?
    /// EXIF Artist and Copyright, kept only under `keep-copyright`.
    public var artist: String?
    public var copyright: String?

    public init(captureDate: String? = nil, caption: String? = nil, artist: String? = nil, copyright: String? = nil) {
        self.captureDate = captureDate
        self.caption = caption
        self.artist = artist
        self.copyright = copyright
    }
}
