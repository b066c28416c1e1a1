/// The image files one source gets, decided from what is known of it
/// without decoding — its upright size and, for an animation, its frame
/// delays — and from the settings; its `Publication` adds its original and
/// its download. The builder looks each one up in the cache; the
/// processors make the ones missing.
struct OutputPlan: Sendable, Equatable {
    /// Widths of the stills (an animation's posters), largest first; each
    /// is resized from a larger one (`ImageProcessor`).
    var chain: [Int]
    /// Every file, in manifest order: an animation's animated files first,
    /// then the stills, largest first (each width's files for dense screens
    /// after its others).
    var specs: [VariantSpec]
    /// For an animation: the frames kept, their durations and size.
    var frames: FrameThinner.Plan?
}

/// One output of an image: a width in a format, in its role.
struct VariantSpec: Sendable, Hashable {
    var width: Int
    var format: OutputFormat
    var role: VariantRole = .image
}

extension ImageSettings {
    /// The files of a source `width` × `height` (upright); `animation` for an
    /// animation; `phase`: its widths' (`WidthPlanner.phase(content:)`).
    func outputs(width: Int, height: Int, animation: SourceAnimation?, phase: Double) -> OutputPlan {
        let chain = planner.widths(sourceWidth: width, sourceHeight: height, phase: phase)
        let fallback: [Int] = switch jpeg.widths {
        case .all: chain
        case .fallback: JPEGFallback.widths(of: chain)
        case .one: Array(JPEGFallback.widths(of: chain).prefix(1))
        }
        let fallbackWidths = Set(fallback)
        guard let animation else {
            var jpegWidths = formats.contains(.webp) ? fallbackWidths : Set(chain)
            // The download is a JPEG of the photo's largest published size: one more file when the fallback's widest is narrower.
            if offersLargestJPEG, let widest = chain.first { jpegWidths.insert(widest) }
            let denseWidths = denseFormat == nil ? [] : Set(DenseScreens.widths(
                of: chain, floor: planner.denseFloor(sourceWidth: width, sourceHeight: height)))
            return OutputPlan(chain: chain, specs: chain.flatMap { size in
                formats.filter { $0 != .jpeg || jpegWidths.contains(size) }.map { VariantSpec(width: size, format: $0) }
                    + (denseWidths.contains(size) ? [VariantSpec(width: size, format: denseFormat!, role: .dense)] : [])
            })
        }
        // Sized for the largest view the theme gives it (never upscaled), then
        // fitted to the budget: thinned, and scaled down if thinning is not enough.
        let shownHeight = max(1, Int((Double(height) * Double(chain[0]) / Double(width)).rounded()))
        let frames = animated.thinner.plan(delays: animation.delays, width: chain[0], height: shownHeight)
        let files = animated.outputs.map { format in
            VariantSpec(width: frames.width, format: format, role: format == .gif && animated.outputs.contains(.webp) ? .fallback : .image)
        }
        let posters = chain.flatMap { size in
            AnimationSettings.posterFormats.filter { $0 != .jpeg || fallbackWidths.contains(size) }
                .map { VariantSpec(width: size, format: $0, role: .poster) }
        }
        return OutputPlan(chain: chain, specs: files + posters, frames: frames)
    }
}
