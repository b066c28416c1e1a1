import Foundation
import ImgSiteMedia
import ImgSitePlanning

/// What a processed image contributes to pages without its full record: its
/// place in album order and a digest of everything pages show of it. Pages
/// are planned from summaries; full records are read only for the pages that
/// must be rendered.
public struct ImageSummary: Sendable, Equatable {
    /// SHA-256 of the image's record as the manifest writes it.
    public var digest: String
    /// EXIF capture date, for album order.
    public var captureDate: String?
    /// Its sidecar's title and whether it hides the photo: they decide
    /// the grid and the neighbours' links, planned before any record is read.
    public var title: String?
    public var hidden = false

    public init(digest: String, captureDate: String?, title: String? = nil, hidden: Bool = false) {
        self.digest = digest
        self.captureDate = captureDate
        self.title = title
        self.hidden = hidden
    }

    init(digest: String, _ metadata: KeptMetadata) {
        self.init(digest: digest, captureDate: metadata.captureDate, title: metadata.title, hidden: metadata.hidden ?? false)
    }

    /// The record's JSON (sorted keys, as in the manifest) and its summary.
    static func encode(_ image: ProcessedImage) throws -> (json: Data, summary: ImageSummary) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = try encoder.encode(image)
        return (json, ImageSummary(digest: SourceHash.of(data: json), image.metadata))
    }
}
