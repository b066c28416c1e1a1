import Foundation
import ImgSiteMedia
import Vips

/// The part of the configuration that shapes image outputs: its `shape`,
/// hashed whole into `key`, which goes into the manifest and the journal:
/// when any of it changes, every image rebuilds. What is not in the shape
/// does not shape a photo's files: clips' settings (`video`: a clip's files
/// carry `VideoSettings.key`, its poster's stills `posterKey`) and the
/// albums' watermarks (each photo's own is in its shape, set by `marked(for:)`).
@dynamicMemberLookup
public struct ImageSettings: Sendable, Hashable {
    /// Everything that makes a photo's files what they are. A field added
    /// here is in `key` with nothing else to write (`ImageSettingsKeyTests`).
    public struct Shape: Sendable, Hashable, Encodable {
        public var planner: WidthPlanner
        public var formats: [OutputFormat]
        public var jpeg: JPEGSettings
        public var webp: CodecSettings
        public var avif: CodecSettings
        public var jxl: CodecSettings
        /// The format of the dense screens' files; nil: none.
        public var denseFormat: OutputFormat?
        public var metadata: MetadataPolicy
        public var placeholder: PlaceholderPolicy
        public var pixelLimit: Int
        public var animated: AnimationSettings
        /// What each page offers to download (`Publication`).
        public var downloads: DownloadPolicy
        /// This photo's watermark (`marked(for:)`): what shapes its pixels,
        /// and the width it starts at; nil: none.
        public var watermark: Mark?
        /// Which HDR photos publish their HDR rendition, and to which screens.
        public var hdr: HDRPolicy
        public var recipes = Recipes()

        public struct Mark: Sendable, Hashable, Encodable {
            package var identity: String
            package var minWidth: Int
        }

        /// What the same settings make differently from one release to the next.
        public struct Recipes: Sendable, Hashable, Encodable {
            package var version = ImgSiteVersion.current
            package var widths = ImageSettings.widthRecipe
            package var metadata = ImageSettings.metadataRecipe
            package var placeholders = PlaceholderPolicy.recipe
            package var hdr = HDRFiles.recipe
        }
    }

    public let shape: Shape
    /// Stable hash of `shape`, computed once (every image compares against it).
    public let key: String
    /// The site's and the albums' watermarks; each photo's own is in its shape.
    public let watermarks: WatermarkPolicy
    /// This photo's watermark (`marked(for:)`); nil: none.
    public let watermark: Watermark?
    /// What clips and Live Photos' motion are made with: the site's
    /// `video:`, or as a budget moved it. Chosen once, with the rest.
    public let video: VideoSettings

    public subscript<Value>(dynamicMember path: KeyPath<Shape, Value>) -> Value { shape[keyPath: path] }

    /// Whether each image's source is published too (`downloads: original`).
    public var publishesOriginals: Bool { shape.downloads == .original }
    /// Whether each still offers a JPEG of its widest size (`downloads: largest`).
    public var offersLargestJPEG: Bool { shape.downloads == .largest }
    /// Bumped when what is read of a source's metadata grows (2: the details
    /// panel's EXIF fields; 3: XMP and IPTC captions; 4: XMP and IPTC titles), so
    /// every image's record is completed once.
    static let metadataRecipe = 4
    /// Bumped when the same settings plan other widths (2: each photo's
    /// ladder phase; 3: 3x only as wide as phones paint, JPEG fallback and
    /// dense files only where chosen), so every image is planned again.
    static let widthRecipe = 3

    /// `shape` as sorted JSON, hashed.
    package static func key(of shape: Shape) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Every field is a number, a string, a list or a struct of them: encoding cannot fail.
        let json = (try? encoder.encode(shape)) ?? Data()
        return ContentHash.short(text: String(decoding: json, as: UTF8.self))
    }

    private init(shape: Shape, watermarks: WatermarkPolicy, watermark: Watermark?, video: VideoSettings) {
        self.shape = shape
        key = Self.key(of: shape)
        self.watermarks = watermarks
        self.watermark = watermark
        self.video = video
    }

    /// Whether files are written in a format whose libvips encoder is a
    /// module (AVIF, JPEG XL), loaded only then (`Vips.start`).
    package var writesModuleFormats: Bool {
        (shape.formats + [shape.denseFormat].compactMap { $0 }).contains { $0 == .avif || $0 == .jxl }
    }

    public init(config: SiteConfig, layout: ThemeLayout) {
        var animated = config.animated
        // A libvips without a GIF saver (the release bundle's): the still
        // poster is the fallback, as when `gif` is left out of the outputs.
        if !Vips.writesGIF {
            animated.outputs.removeAll { $0 == .gif }
            if animated.outputs.isEmpty { animated.outputs = [.webp] }
        }
        let shape = Shape(
            planner: WidthPlanner(layout: layout, policy: config.widths, maxWidth: config.maxWidth, step: config.widthStep, wideStep: config.wideWidthStep),
            formats: config.formats.sorted { $0.preference > $1.preference }, jpeg: config.jpeg, webp: config.webp, avif: config.avif,
            jxl: config.jxl, denseFormat: config.denseFormat, metadata: config.metadata, placeholder: config.placeholderPolicy,
            pixelLimit: config.pixelLimit, animated: animated, downloads: config.downloads, hdr: config.hdrPolicy)
        self.init(shape: shape, watermarks: config.watermarks, watermark: nil, video: config.video)
    }

    /// These settings for the photo at `path`, with its album's watermark
    /// (or the site's) and HDR choice in them and in their key: a watermark
    /// or an HDR choice changed in one album makes only that album's photos stale.
    package func marked(for path: String) -> ImageSettings {
        let mark = watermarks.isEmpty ? nil : watermarks.mark(forSource: path)
        guard mark != nil || !shape.hdr.albums.isEmpty else { return self }
        var shape = shape
        shape.watermark = mark.map { Shape.Mark(identity: $0.identity, minWidth: $0.minWidth) }
        shape.hdr.site = shape.hdr.mode(forSource: path)
        shape.hdr.albums = [:]
        return ImageSettings(shape: shape, watermarks: watermarks, watermark: mark, video: video)
    }

    /// Whether a source whose header said `range` publishes HDR files: it
    /// has an HDR rendition, its album keeps it (`hdr: keep`, resolved by
    /// `marked(for:)`), and this machine can write it (`HDREngine`).
    package func publishesHDR(_ range: DynamicRange?) -> Bool {
        guard let range, range.isHDR, shape.hdr.site == .keep else { return false }
        return HDREngine.writes(range)
    }

    /// Encoder settings of `format` for a variant `width` pixels wide, in `role`.
    public func encoder(_ format: OutputFormat, width: Int, role: VariantRole = .image) -> EncodeSettings {
        let dense = role == .dense ? codec(format)?.dense : nil
        return switch format {
        case .jpeg where role == .hdr: .ultraHDR(quality: HDRFiles.quality(shape.jpeg))
        case .jpeg:
            .jpeg(quality: shape.jpeg.quality, progressive: width >= shape.jpeg.progressiveMinWidth, subsample420: shape.jpeg.subsample420)
        case .webp: .webp(quality: dense?.quality ?? shape.webp.quality, effort: dense?.effort ?? shape.webp.effort(width: width))
        case .avif: .avif(quality: dense?.quality ?? shape.avif.quality, effort: dense?.effort ?? shape.avif.effort)
        case .jxl: .jxl(quality: shape.jxl.quality, effort: shape.jxl.effort)
        case .gif: AnimationSettings.gif
        }
    }

    private func codec(_ format: OutputFormat) -> CodecSettings? {
        switch format {
        case .webp: shape.webp
        case .avif: shape.avif
        case .jxl: shape.jxl
        case .jpeg, .gif: nil
        }
    }

    /// Encoder settings of an animated file (every frame is saved alike).
    package func animationEncoder(_ format: OutputFormat) -> EncodeSettings {
        format == .gif ? AnimationSettings.gif : .webp(quality: shape.webp.quality, effort: shape.webp.effort)
    }

}
