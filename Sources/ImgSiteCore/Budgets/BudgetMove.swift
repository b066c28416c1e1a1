/// One notch of what a site budget may give up, applied to the settings.
/// `order` lists them from the least loss to the most: first what only
/// dense screens' transfer pays for, then what large screens' photo pages
/// see, then the grid's over-decode and quality, last the files themselves.
enum BudgetMove: Codable, Sendable, Hashable {
    /// `dense_format: false`: 2x screens take the WebP files (more bytes
    /// to them, the same look).
    case noDenseFiles
    /// `wide_width_step`: fewer widths above 1,600 px (photo pages).
    case wideStep(Double)
    /// `width_step`: fewer widths everywhere; a browser decodes up to
    /// step² times what it paints, a median of about `step`.
    case step(Double)
    /// `max_width`: screens that paint a photo wider get it upscaled.
    case maxWidth(Int)
    /// `jpeg.quality` and `webp.quality`.
    case quality(Int)
    /// `widths: [W]`: one width a photo.
    case singleWidth(Int)
    /// `formats: [jpeg]`: no WebP, one file a width.
    case jpegOnly

    static let order: [BudgetMove] = [
        .noDenseFiles, .wideStep(1.6), .maxWidth(2560), .step(1.3), .wideStep(2), .maxWidth(2048), .step(1.4),
        .quality(75), .maxWidth(1600), .step(1.5), .maxWidth(1280), .step(1.6), .quality(70), .maxWidth(1024),
        .step(1.8), .quality(65), .step(2), .maxWidth(800), .quality(60), .singleWidth(800), .jpegOnly,
        .singleWidth(640), .quality(50), .singleWidth(480),
    ]

    /// `config` with this move made; never less lossy than it was.
    func applied(to config: SiteConfig) -> SiteConfig {
        var config = config
        switch self {
        case .noDenseFiles:
            config.denseFormat = nil
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
        case .singleWidth(let width):
            let widest = min(config.maxWidth, width)
            if case .fixed(let list) = config.widths, list.count == 1, list[0] <= widest { break }
            config.widths = .fixed([widest])
            config.maxWidth = widest
            config.denseFormat = nil
        case .jpegOnly:
            config.formats = [.jpeg]
            config.denseFormat = nil
        }
        return config
    }
}

extension SiteConfig {
    /// `wide_width_step` as the planner takes it.
    var effectiveWideStep: Double { wideWidthStep ?? max(widthStep, WidthPlanner.defaultWideStep) }
}
