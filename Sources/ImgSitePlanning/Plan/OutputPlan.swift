/// The image files one source gets, decided from what is known of it
/// without decoding — its upright size and, for an animation, its frame
/// delays — and from the settings; its `Publication` adds its original and
/// its download. The builder looks each one up in the cache; the
/// processors make the ones missing.
package struct OutputPlan: Sendable, Equatable {
    /// Widths of the stills (an animation's posters), largest first; each
    /// is resized from a larger one (`ImageProcessor`).
    package var chain: [Int]
    /// Every file, in manifest order: an animation's animated files first,
    /// then the stills, largest first (each width's files for dense screens
    /// after its others).
    package var specs: [VariantSpec]
    /// For an animation: the frames kept, their durations and size.
    package var frames: FrameThinner.Plan?

    /// Whether HDR screens get files of their own (`HDRFiles`).
    package var hasHDR: Bool { specs.contains { $0.role == .hdr } }
}

/// One output of an image: a width in a format, in its role.
package struct VariantSpec: Sendable, Hashable {
    package var width: Int
    package var format: OutputFormat
    package var role: VariantRole = .image
    /// Under a watermark, the unmarked copy of a marked still that grids
    /// and covers show (`thumbnailCopies`): the mark is for photo views.
    package var thumbnail = false

    package init(width: Int, format: OutputFormat, role: VariantRole = .image, thumbnail: Bool = false) {
        (self.width, self.format, self.role, self.thumbnail) = (width, format, role, thumbnail)
    }
}

extension ImageSettings {
    /// The files of a source `width` × `height` (upright); `animation` for an
    /// animation; `phase`: its widths' (`WidthPlanner.phase(content:)`);
    /// `range`: what its header said of its HDR rendition (nil: not known).
    package func outputs(width: Int, height: Int, animation: SourceAnimation?, phase: Double, range: DynamicRange? = nil) -> OutputPlan {
        let chain = shape.planner.widths(sourceWidth: width, sourceHeight: height, phase: phase)
        let fallback: [Int] = switch shape.jpeg.widths {
        case .all: chain
        case .fallback: JPEGFallback.widths(of: chain)
        case .one: Array(JPEGFallback.widths(of: chain).prefix(1))
        }
        let fallbackWidths = Set(fallback)
        guard let animation else {
            let hdrWidths = publishesHDR(range) ? Set(HDRFiles.widths(
                of: chain, layout: shape.planner.layout, sourceWidth: width, sourceHeight: height, denseScreens: shape.hdr.denseScreens)) : []
            var jpegWidths = shape.formats.contains(.webp) ? fallbackWidths : Set(chain)
            // The download is a JPEG of the photo's largest published size: one more file when the fallback's
            // widest is narrower (an HDR photo's is its HDR JPEG, `Publication`).
            if offersLargestJPEG, let widest = chain.first, !hdrWidths.contains(widest) { jpegWidths.insert(widest) }
            let denseWidths = shape.denseFormat == nil ? [] : Set(DenseScreens.widths(
                of: chain, floor: shape.planner.denseFloor(sourceWidth: width, sourceHeight: height)))
            let specs = chain.flatMap { size in
                shape.formats.filter { $0 != .jpeg || jpegWidths.contains(size) }.map { VariantSpec(width: size, format: $0) }
                    + (denseWidths.contains(size) ? [VariantSpec(width: size, format: shape.denseFormat!, role: .dense)] : [])
                    + (hdrWidths.contains(size) ? [VariantSpec(width: size, format: .jpeg, role: .hdr)] : [])
            }
            return OutputPlan(chain: chain, specs: specs + thumbnailCopies(of: specs, chain: chain, width: width, height: height))
        }
        // Sized for the largest view the theme gives it (never upscaled), then
        // fitted to the budget: thinned, and scaled down if thinning is not enough.
        let shownHeight = max(1, Int((Double(height) * Double(chain[0]) / Double(width)).rounded()))
        let frames = shape.animated.thinner.plan(delays: animation.delays, width: chain[0], height: shownHeight)
        let files = shape.animated.outputs.map { format in
            VariantSpec(width: frames.width, format: format, role: format == .gif && shape.animated.outputs.contains(.webp) ? .fallback : .image)
        }
        let posters = chain.flatMap { size in
            AnimationSettings.posterFormats.filter { $0 != .jpeg || fallbackWidths.contains(size) }
                .map { VariantSpec(width: size, format: $0, role: .poster) }
        }
        return OutputPlan(chain: chain, specs: files + posters + thumbnailCopies(of: posters, chain: chain, width: width, height: height),
                          frames: frames)
    }

    /// Under a watermark, an unmarked copy of each marked still a grid cell
    /// or a cover may show, up to the narrowest width that fills the widest
    /// one: the mark belongs to the photo's own views (its page, full
    /// screen, zoom, downloads), and a cover's crop would cut it. Where dense
    /// screens have files of their own, the usual format's copies stop at
    /// what 1x screens take (a 2x browser without the dense format takes
    /// those, never a marked one): those wide copies were most of the cost.
    private func thumbnailCopies(of specs: [VariantSpec], chain: [Int], width: Int, height: Int) -> [VariantSpec] {
        guard let mark = watermark else { return [] }
        let layout = shape.planner.layout
        let aspect = Double(width) / Double(max(height, 1))
        let widest = max(layout.rowDisplayRange(aspect: aspect).upperBound, layout.gridMaxDisplayWidth(aspect: aspect))
        // Largest first: the last width at or above the widest cell, else the largest there is.
        let top = { (density: Int) in chain.last(where: { Double($0) >= widest * Double(density) }) ?? chain.first ?? 0 }
        let densest = layout.densities.max() ?? 1
        let usualTop = specs.contains { $0.role == .dense } ? top(layout.densities.min() ?? 1) : top(densest)
        return specs.filter { spec in
            [.image, .dense, .poster].contains(spec.role) && mark.marks(spec)
                && spec.width <= (spec.role == .dense ? top(densest) : usualTop)
        }.map { spec in
            var copy = spec
            copy.thumbnail = true
            return copy
        }
    }
}
