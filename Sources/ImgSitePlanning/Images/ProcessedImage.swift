import ImgSiteMedia

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
    /// For an animation: what fitting it to the memory budget did.
    public var animation: AnimationStats?
    /// For a video clip: its length and sound (its files are the `video` variants).
    public var clip: ClipStats?
    public var metadata: KeptMetadata
    /// Problems that did not stop the build (damaged but usable file).
    public var warnings: [String]
    /// Under a watermark, the width from which its stills are marked
    /// (`Watermark.minWidth`); grids show copies instead (`forThumbnails`).
    public var markedFrom: Int?
    /// An HDR photo's kind of HDR (`DynamicRange`), whether or not its HDR
    /// files were made (`hdrStills`); absent for every other photo.
    public var dynamicRange: DynamicRange?

    package init(
        source: String, sourceBytes: Int, width: Int, height: Int, hasAlpha: Bool, variants: [Variant], placeholder: Placeholder? = nil,
        animation: AnimationStats? = nil, clip: ClipStats? = nil, metadata: KeptMetadata, warnings: [String], markedFrom: Int? = nil,
        dynamicRange: DynamicRange? = nil
    ) {
        self.source = source
        self.sourceBytes = sourceBytes
        self.width = width
        self.height = height
        self.hasAlpha = hasAlpha
        self.variants = variants
        self.placeholder = placeholder
        self.animation = animation
        self.clip = clip
        self.metadata = metadata
        self.warnings = warnings
        self.markedFrom = markedFrom
        self.dynamicRange = dynamicRange
    }

    /// Bytes written for all variants.
    public var outputBytes: Int { variants.reduce(0) { $0 + $1.bytes } }

    /// The still sizes, largest first: a still's variants, an animation's posters.
    public var stills: [Variant] { variants.filter { $0.role == (animation == nil ? .image : .poster) && $0.thumbnail != true } }

    /// A clip's video files, largest first, in the order of its settings' codecs.
    public var videos: [Variant] { variants.filter { $0.role == .video } }
    /// A Live Photo's motion files (`live_photos: motion`).
    public var motion: [Variant] { variants.filter { $0.role == .motion } }

    /// A still's sizes at the lower quality for dense screens, largest first (`DenseScreens`).
    public var denseStills: [Variant] { variants.filter { $0.role == .dense && $0.thumbnail != true } }

    /// An HDR photo's sizes for HDR screens, largest first (`HDRFiles`): JPEGs carrying its gain map.
    public var hdrStills: [Variant] { variants.filter { $0.role == .hdr } }

    /// What grids and covers show: under a watermark, its unmarked copies
    /// (`Variant.thumbnail`) in place of the marked files, none of which it
    /// keeps; without a watermark, the image itself.
    package var forThumbnails: ProcessedImage {
        guard let from = markedFrom else { return self }
        let stills: Set<VariantRole> = animation == nil ? [.image, .dense] : [.poster]
        var shown = self
        shown.variants = variants.compactMap { variant in
            if variant.thumbnail == true {
                var file = variant
                file.thumbnail = nil
                return file
            }
            return stills.contains(variant.role) && variant.width >= from ? nil : variant
        }
        return shown
    }

    /// What a dense screen chooses from, largest first: the usual files
    /// wider than every dense one, then the dense ones; empty without dense
    /// files. The wider ones are the dense format's own when it is among the
    /// usual formats, else the best other there is: every browser that shows
    /// AVIF shows WebP.
    package func denseChoice() -> [Variant] {
        denseWide() + denseStills
    }

    /// The usual files a dense screen takes above every dense one (`denseChoice`).
    package func denseWide() -> [Variant] {
        let dense = denseStills
        guard let format = dense.first?.format, let widest = dense.map(\.width).max() else { return [] }
        let usual = stills.filter { $0.format != .jxl }
        let wider = [format, .webp, .jpeg].first { format in usual.contains { $0.format == format } }
        return usual.filter { $0.format == wider && $0.width > widest }
    }
}

/// One encoded file.
public struct Variant: Codable, Sendable, Equatable {
    /// Path relative to the output folder.
    public var path: String
    public var format: FileFormat
    public var width: Int
    public var height: Int
    public var bytes: Int
    public var role: VariantRole
    /// True for a watermarked photo's unmarked copy that grids and covers
    /// show (its name ends `-thumb`); absent otherwise.
    public var thumbnail: Bool?

    public init(path: String, format: FileFormat, width: Int, height: Int, bytes: Int, role: VariantRole = .image) {
        self.path = path
        self.format = format
        self.width = width
        self.height = height
        self.bytes = bytes
        self.role = role
    }

    /// Records written before roles existed hold only images.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        path = try values.decode(String.self, forKey: .path)
        format = try values.decode(FileFormat.self, forKey: .format)
        width = try values.decode(Int.self, forKey: .width)
        height = try values.decode(Int.self, forKey: .height)
        bytes = try values.decode(Int.self, forKey: .bytes)
        role = try values.decodeIfPresent(VariantRole.self, forKey: .role) ?? .image
        thumbnail = try values.decodeIfPresent(Bool.self, forKey: .thumbnail)
    }
}

/// Metadata read from the source that pages may show; only what the
/// metadata policy allows (never GPS or serial numbers).
public struct KeptMetadata: Codable, Sendable, Equatable {
    /// EXIF DateTimeOriginal as "YYYY-MM-DDTHH:MM:SS", for ordering.
    public var captureDate: String?
    /// The photographer's caption: from a sidecar file, XMP, IPTC or EXIF
    /// (`captionSource` says which); never camera firmware text.
    public var caption: String?
    /// Where the caption came from; `.none` when there is none, nil only in
    /// records made before XMP and IPTC captions were read.
    public var captionSource: CaptionSource?
    /// Alt text a sidecar file gives (else the caption, else the title).
    public var alt: String?
    /// The photo's title: its sidecar's, else its own metadata's (XMP
    /// dc:title, IPTC Object Name, IPTC Headline); nil: its file name's.
    public var title: String?
    /// Where the title was read; nil only in records made before the
    /// photo's own titles were read.
    public var titleSource: TitleSource?
    /// True when a sidecar hides the photo: its page is built, the grid,
    /// sitemap and feed leave it out. Absent (not false) when shown, so
    /// records of shown photos keep their digests.
    public var hidden: Bool?
    /// EXIF Artist and Copyright, kept only under `keep-copyright`.
    public var artist: String?
    public var copyright: String?
    /// Camera, lens and exposure for the details panel; empty when the file
    /// has none, nil only in records made before the panel existed.
    public var details: PhotoDetails?

    public init(captureDate: String? = nil, caption: String? = nil, captionSource: CaptionSource? = nil, artist: String? = nil,
                copyright: String? = nil, details: PhotoDetails? = PhotoDetails()) {
        self.captureDate = captureDate
        self.caption = caption
        self.captionSource = captionSource ?? (caption == nil ? CaptionSource.none : .exif)
        self.artist = artist
        self.copyright = copyright
        self.details = details
    }
}

/// Where a photo's caption was read, in the order one wins over another.
public enum CaptionSource: String, Codable, Sendable {
    case sidecar, xmp, iptc, exif, none
}

/// Where a photo's title was read, in the order one wins over another
/// (IPTC: Object Name, else Headline).
public enum TitleSource: String, Codable, Sendable {
    case sidecar, xmp, iptc, none
}
