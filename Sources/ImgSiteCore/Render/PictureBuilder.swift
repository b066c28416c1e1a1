import ImgSitePlanning

/// Builds the `<picture>` context (`PictureContext`) of one image for the templates: typed
/// sources, the JPEG `<img>` fallback, `sizes` from the theme layout, and
/// the placeholder painted behind the image until it loads. An animation
/// shows its still poster in the grid (a grid of them stays within one
/// animation's memory budget) and plays on its photo page, where
/// `prefers-reduced-motion: reduce` gets the poster instead.
struct PictureBuilder {
    static let reducedMotion = "(prefers-reduced-motion: reduce)"

    let layout: ThemeLayout

    /// A sub-album's cover filling its card (the card crops it) on a page
    /// of `cards` cards; `eager` for images above the fold.
    func card(_ image: ProcessedImage, alt: String, root: String, cards: Int, eager: Bool) -> PictureContext {
        let aspect = image.aspect
        let style = layout.coverFillsHeight(aspect: aspect) ? "width: auto; height: 100%;" : "width: 100%; height: auto;"
        // Never a watermarked file: the card crops it (`ProcessedImage.forThumbnails`).
        return picture(image.forThumbnails, alt: alt, root: root, sizes: layout.gridSizes(aspect: aspect, cards: cards),
                       fallbackWidth: layout.gridMaxDisplayWidth(aspect: aspect), style: style, eager: eager)
    }

    /// The front page's hero, the content width (`ThemeLayout+Hero`); always
    /// eager: it is the front page's largest paint. A large view of the
    /// photo, as its page is: under a watermark, the marked files (cards'
    /// unmarked copies stop at a card's width).
    func hero(_ image: ProcessedImage, alt: String, root: String) -> PictureContext {
        picture(image, alt: alt, root: root, sizes: layout.heroSizes,
                fallbackWidth: layout.contentWidth(viewport: Double(layout.contentMaxWidth)), style: "width: 100%; height: auto;", eager: true,
                hdr: true)
    }

    /// A photo in the justified rows, `shares` of the rows' width in each
    /// band (`ThemeLayout.rowShares`), beside a long story or not; its width
    /// comes from the row CSS.
    func row(_ image: ProcessedImage, shares: [Double], story: Bool, alt: String, root: String, eager: Bool) -> PictureContext {
        picture(image.forThumbnails, alt: alt, root: root, sizes: layout.rowSizes(shares: shares, story: story),
                fallbackWidth: layout.rowMaxDisplayWidth(shares: shares), style: "", eager: eager)
    }

    /// The large view of the photo page, always eager (it is the page);
    /// `reserve` CSS px of the viewport's height are kept for the rest.
    func photo(_ image: ProcessedImage, alt: String, root: String, reserve: Int) -> LargeView {
        let limit = layout.photoMaxDisplayWidth(aspect: image.aspect, sourceWidth: image.width)
        let below = layout.photoWidth(aspect: image.aspect, sourceWidth: image.width, reserve: reserve)
        let beside = layout.photoWidthBeside(aspect: image.aspect, sourceWidth: image.width)
        let sizes = layout.photoSizes(below: below, beside: beside)
        let showing = { (css: Double) in layout.photoViewport(wider: css, aspect: image.aspect, sourceWidth: image.width, reserve: reserve) }
        let still = picture(image, alt: alt, root: root, sizes: sizes, fallbackWidth: limit, style: "", eager: true, wideViewport: showing,
                            hdr: true)
        return LargeView(picture: image.animation == nil ? still : animated(image, poster: still, root: root),
                         widths: "--below: \(below); --beside: \(beside);")
    }

    /// A photo page's picture and its two widths, its caption below it or
    /// beside it, as custom properties for the figure: the stylesheet sizes
    /// the picture, a clip or a Live Photo's motion by them, and places the
    /// caption by them too (an inline style has no media query).
    struct LargeView {
        let picture: PictureContext
        let widths: String
    }

    /// The poster's sources under reduced motion, then the animated WebP;
    /// the `<img>` is the GIF (without one, the poster JPEG).
    private func animated(_ image: ProcessedImage, poster: PictureContext, root: String) -> PictureContext {
        var context = poster
        context.sources = poster.sources.map { SourceContext(media: Self.reducedMotion, type: $0.type, srcset: $0.srcset, sizes: $0.sizes) }
        context.sources.append(SourceContext(media: Self.reducedMotion, type: OutputFormat.jpeg.mimeType, srcset: poster.srcset, sizes: poster.sizes))
        let files = image.variants.filter { $0.role == .image || $0.role == .fallback }
        if let webp = files.first(where: { $0.format == .webp }) {
            context.sources.append(SourceContext(type: OutputFormat.webp.mimeType, srcset: srcset([webp], root: root), sizes: poster.sizes))
        }
        if let file = files.first(where: { $0.format == .gif }) {
            context.src = root + file.path
            context.srcset = srcset([file], root: root)
            context.width = file.width
            context.height = file.height
        }
        return context
    }

    /// `wideViewport`: the least viewport that shows the image wider than
    /// so many CSS px (the photo page's), for the dense screens' wider files.
    /// `hdr`: a large view, which gives HDR screens an HDR photo's own files.
    private func picture(
        _ image: ProcessedImage, alt: String, root: String, sizes: String,
        fallbackWidth: Double, style: String, eager: Bool, wideViewport: ((Double) -> (width: Int, height: Int?)?)? = nil, hdr: Bool = false
    ) -> PictureContext {
        let jpegs = image.stills.filter { $0.format == .jpeg }
        let others = Dictionary(grouping: image.stills.filter { $0.format != .jpeg }, by: \.format)
        // HDR screens' files first, then the dense screens': a browser takes
        // the first source whose media and type it matches.
        let sources = (hdr ? hdrSources(image, root: root, sizes: sizes) : [])
            + denseSources(image, root: root, sizes: sizes, wideViewport: wideViewport)
            + others.keys.sorted { $0.preference < $1.preference }.map { format in
                SourceContext(type: format.mimeType, srcset: srcset(others[format]!, root: root), sizes: sizes)
            }
        // Without srcset support, the smallest JPEG that covers the 1x width.
        let fallback = jpegs.last { Double($0.width) >= fallbackWidth } ?? jpegs.first
        // The box keeps the source's own shape once a file has loaded: with
        // the width and height attributes alone it would take the loaded
        // file's, whose rounding differs, and move what follows by a fraction
        // of a pixel (a layout shift).
        let shape = "aspect-ratio: \(image.width) / \(max(image.height, 1));"
        let css = ([shape, style] + [image.placeholder?.css].compactMap { $0 }).filter { !$0.isEmpty }.joined(separator: " ")
        return PictureContext(
            sources: sources,
            src: root + (fallback?.path ?? ""),
            srcset: srcset(jpegs, root: root),
            sizes: sizes,
            width: fallback?.width ?? image.width,
            height: fallback?.height ?? image.height,
            alt: alt,
            lazy: !eager,
            style: css,
            // Behind a transparent image the placeholder would show through
            // once it has loaded: the image clears it then, where scripts
            // run. (Without them the placeholder stays, shaped by its alpha.)
            clearsPlaceholder: image.placeholder != nil && image.hasAlpha,
            placeholderData: image.placeholder?.dataAttribute.map { AttributeContext(name: $0.name, value: $0.value) })
    }

    /// The dense screens' sources (`DenseScreens`): their files, and above
    /// the widest the usual ones (`ProcessedImage.denseChoice`). A source's
    /// type names every file of its srcset, so usual files of another format
    /// get sources of their own, first, for the screens and viewports that
    /// show the image wider than the widest dense file (a grid never does).
    private func denseSources(_ image: ProcessedImage, root: String, sizes: String,
                              wideViewport: ((Double) -> (width: Int, height: Int?)?)?) -> [SourceContext] {
        let (dense, wide) = (image.denseStills, image.denseWide())
        guard let format = dense.first?.format, let widest = dense.first?.width else { return [] }
        if wide.allSatisfy({ $0.format == format }) {
            return [SourceContext(media: DenseScreens.media, type: format.mimeType, srcset: srcset(wide + dense, root: root), sizes: sizes)]
        }
        let wideSources = [3, DenseScreens.density].compactMap { density -> SourceContext? in
            guard let wideViewport, let viewport = wideViewport(Double(widest) / Double(density)) else { return nil }
            return SourceContext(media: DenseScreens.media(density: density, width: viewport.width, height: viewport.height),
                                 type: wide[0].format.mimeType, srcset: srcset(wide, root: root), sizes: sizes)
        }
        return wideSources + [SourceContext(media: DenseScreens.media, type: format.mimeType, srcset: srcset(dense, root: root), sizes: sizes)]
    }

    /// HDR screens' source (`HDRFiles`): an HDR photo's gain-map JPEGs; where
    /// they stop below the widest usual file (no HDR files for dense screens,
    /// a budget's move), only screens under 2x match it.
    private func hdrSources(_ image: ProcessedImage, root: String, sizes: String) -> [SourceContext] {
        let files = image.hdrStills
        guard let widest = files.first?.width else { return [] }
        let denseScreens = !(image.stills.contains { $0.width > widest })
        return [SourceContext(media: HDRFiles.media(denseScreens: denseScreens), type: OutputFormat.jpeg.mimeType,
                              srcset: srcset(files, root: root), sizes: sizes)]
    }

    private func srcset(_ variants: [Variant], root: String) -> String {
        variants.map { "\(root)\($0.path) \($0.width)w" }.joined(separator: ", ")
    }
}

extension ProcessedImage {
    /// Width / height of the upright image.
    var aspect: Double { Double(width) / Double(max(height, 1)) }
}
