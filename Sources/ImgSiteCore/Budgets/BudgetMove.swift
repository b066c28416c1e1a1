import ImgSiteMedia
import ImgSitePlanning

/// One notch of what a site budget may give up, applied to the settings.
/// `order` lists them from the least loss to the most: first what only
/// dense screens' transfer pays for, then what large screens' photo pages
/// see, then the grid's over-decode and quality, last the files themselves.
enum BudgetMove: Codable, Sendable, Hashable {
    /// `dense_format: false`: 2x screens take the WebP files (more bytes
    /// to them, the same look).
    case noDenseFiles
    /// `jpeg.widths: one`: browsers that read no WebP get one JPEG size.
    case oneJPEG
    /// `wide_width_step`: fewer widths above 1,600 px (photo pages).
    case wideStep(Double)
    /// `width_step`: fewer widths everywhere; a browser decodes up to
    /// step² times what it paints, a median of about `step`.
    case step(Double)
    /// `max_width`: screens that paint a photo wider get it upscaled.
    case maxWidth(Int)
    /// `jpeg.quality` and `webp.quality`.
    case quality(Int)
    /// `widths: [W, …]`: a few widths a photo, whatever it is shown at.
    case widths([Int])
    /// `formats: [jpeg]`: no WebP, one file a width.
    case jpegOnly
    /// `video.max_height`: clips' files top out lower (large screens show
    /// them upscaled); their posters stay as large.
    case videoHeight(Int)
    /// `video.quality`: clips' files at a lower quality.
    case videoQuality(VideoSettings.Quality)
    /// `hdr_dense: false`: HDR screens of 2x and more (most phones) show
    /// HDR photos in SDR; 1x ones keep their HDR files.
    case noDenseHDR
    /// `hdr: sdr`: HDR photos in SDR on every screen.
    case noHDR

    static let order: [BudgetMove] = [
        .noDenseFiles, .oneJPEG, .wideStep(1.6), .noDenseHDR, .maxWidth(2560), .step(1.3), .wideStep(2), .maxWidth(2048), .noHDR, .videoHeight(720),
        .step(1.4), .quality(75), .videoQuality(.low), .maxWidth(1600), .step(1.5), .maxWidth(1280), .videoHeight(480), .step(1.6),
        .quality(70), .maxWidth(1024), .step(1.8), .quality(65), .videoQuality(.lowest), .step(2), .widths([1600, 800, 400]),
        .maxWidth(800), .quality(60), .widths([800]), .jpegOnly, .widths([640]), .quality(50), .widths([480]),
    ]

    /// It shapes clips' video files, not images: a site's move only (its
    /// clips' settings are chosen before any clip is read), never one photo's.
    var isVideo: Bool {
        switch self {
        case .videoHeight, .videoQuality: true
        default: false
        }
    }

    /// `config` with this move made; never less lossy than it was.
    func applied(to config: SiteConfig) -> SiteConfig {
        var config = config
        switch self {
        case .noDenseFiles:
            config.denseFormat = nil
        case .oneJPEG:
            if config.jpeg.widths == .fallback { config.jpeg.widths = .one }
        case .wideStep(let step):
            config.wideWidthStep = max(config.effectiveWideStep, step)
        case .step(let step):
            config.widthStep = max(config.widthStep, step)
            if let wide = config.wideWidthStep { config.wideWidthStep = max(wide, step) }
        case .maxWidth(let width):
            config.maxWidth = min(config.maxWidth, width)
        case .quality(let quality):
            config.jpeg.quality = min(config.jpeg.quality, quality)
            config.webp.quality = min(config.webp.quality, quality)
        case .widths(let list):
            // Never more widths, nor wider ones, than a list already there.
            if case .fixed(let current) = config.widths, current.count <= list.count, current.max()! <= list.max()! { break }
            let capped = WidthPlanner.merge(list.map { min($0, config.maxWidth) })
            config.widths = .fixed(capped)
            config.maxWidth = capped.max()!
            config.denseFormat = nil
        case .jpegOnly:
            config.formats = [.jpeg]
            config.denseFormat = nil
        case .videoHeight(let height):
            config.video.maxHeight = min(config.video.maxHeight, height)
        case .videoQuality(let quality):
            config.video.quality = max(config.video.quality, quality)
        case .noDenseHDR:
            config.hdrDense = false
        case .noHDR:
            config.hdr = .sdr
            for folder in config.albums.keys where config.albums[folder]?.hdr == .keep { config.albums[folder]?.hdr = .sdr }
        }
        return config
    }
}

extension SiteConfig {
    /// `wide_width_step` as the planner takes it.
    var effectiveWideStep: Double { wideWidthStep ?? max(widthStep, WidthPlanner.defaultWideStep) }
}
