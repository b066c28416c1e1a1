import Vips

/// The part of the configuration that shapes image outputs. Its `key`
/// goes into the manifest: when any of it changes, every image rebuilds.
public struct ImageSettings: Sendable, Hashable {
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
    /// How clips are published; not in `key`: a clip's files carry it
    /// (`VideoSettings.key`), the photos' do not depend on it.
    public var video: VideoSettings
    /// The site's and the albums' watermarks; not in `key`: each photo's
    /// own (`watermark`, set by `marked(for:)`) is in its settings' key.
    public var watermarks: WatermarkPolicy
    /// This photo's watermark (`marked(for:)`); nil: none.
    public private(set) var watermark: Watermark?
    /// Whether each image's source is published too (`downloads: original`).
    public var publishesOriginals: Bool { downloads == .original }
    /// Whether each still offers a JPEG of its widest size (`downloads: largest`).
    public var offersLargestJPEG: Bool { downloads == .largest }
    /// Bumped when what is read of a source's metadata grows (2: the details
    /// panel's EXIF fields; 3: XMP and IPTC captions; 4: XMP and IPTC titles), so
    /// every image's record is completed once.
    static let metadataRecipe = 4
    /// Bumped when the same settings plan other widths (2: each photo's
    /// ladder phase; 3: 3x only as wide as phones paint, JPEG fallback and
    /// dense files only where chosen), so every image is planned again.
    static let widthRecipe = 3
    /// Stable text hash of everything above plus the imgsite version,
    /// computed once (every image compares against it).
    public private(set) var key: String

    /// Whether files are written in a format whose libvips encoder is a
    /// module (AVIF, JPEG XL), loaded only then (`Vips.start`).
    var writesModuleFormats: Bool {
        (formats + [denseFormat].compactMap { $0 }).contains { $0 == .avif || $0 == .jxl }
    }

    public init(config: SiteConfig, layout: ThemeLayout) {
        planner = WidthPlanner(
            layout: layout, policy: config.widths, maxWidth: config.maxWidth, step: config.widthStep, wideStep: config.wideWidthStep)
        formats = config.formats.sorted { $0.preference > $1.preference }
        jpeg = config.jpeg
        webp = config.webp
        avif = config.avif
        jxl = config.jxl
        denseFormat = config.denseFormat
        metadata = config.metadata
        placeholder = config.placeholderPolicy
        pixelLimit = config.pixelLimit
        animated = config.animated
        downloads = config.downloads
        video = config.video
        watermarks = config.watermarks
        // A libvips without a GIF saver (the release bundle's): the still
        // poster is the fallback, as when `gif` is left out of the outputs.
        if !Vips.writesGIF {
            animated.outputs.removeAll { $0 == .gif }
            if animated.outputs.isEmpty { animated.outputs = [.webp] }
        }
        key = ContentHash.short(
            text: "\(ImgSiteVersion.current)|\(planner)|w\(Self.widthRecipe)|\(formats)|\(jpeg)|\(webp)|\(avif)|\(jxl)|d\(denseFormat?.rawValue ?? "-")|\(metadata)|\(placeholder)|\(pixelLimit)"
                + "|\(animated)|m\(Self.metadataRecipe)" + (downloads == .original ? "|originals" : "") + (downloads == .largest ? "|largest" : ""))
    }

    /// These settings for the photo at `path`, with its album's watermark
    /// (or the site's) in them and in their key: a watermark changed in one
    /// album makes only that album's photos stale.
    func marked(for path: String) -> ImageSettings {
        guard !watermarks.isEmpty else { return self }
        var settings = self
        settings.watermark = watermarks.mark(forSource: path)
        if let mark = settings.watermark { settings.key = ContentHash.short(text: "\(key)|watermark \(mark.identity) ≥\(mark.minWidth)") }
        return settings
    }

    /// Encoder settings of `format` for a variant `width` pixels wide, in `role`.
    public func encoder(_ format: OutputFormat, width: Int, role: VariantRole = .image) -> EncodeSettings {
        let dense = role == .dense ? codec(format)?.dense : nil
        return switch format {
        case .jpeg:
            .jpeg(quality: jpeg.quality, progressive: width >= jpeg.progressiveMinWidth, subsample420: jpeg.subsample420)
        case .webp: .webp(quality: dense?.quality ?? webp.quality, effort: dense?.effort ?? webp.effort(width: width))
        case .avif: .avif(quality: dense?.quality ?? avif.quality, effort: dense?.effort ?? avif.effort)
        case .jxl: .jxl(quality: jxl.quality, effort: jxl.effort)
        case .gif: AnimationSettings.gif
        case .mp4, .av1, .clip: preconditionFailure("a clip's video files are written by ClipTranscoder and ClipRemux, not libvips")
        }
    }

    private func codec(_ format: OutputFormat) -> CodecSettings? {
        switch format {
        case .webp: webp
        case .avif: avif
        case .jxl: jxl
        case .jpeg, .gif, .mp4, .av1, .clip: nil
        }
    }

    /// Encoder settings of an animated file (every frame is saved alike).
    func animationEncoder(_ format: OutputFormat) -> EncodeSettings {
        format == .gif ? AnimationSettings.gif : .webp(quality: webp.quality, effort: webp.effort)
    }

}
