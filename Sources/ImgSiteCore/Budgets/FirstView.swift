import ImgSitePlanning

/// What a browser at `viewport` fetches first on an album page of the
/// default theme: the page, the stylesheet, and the images whose row starts
/// above the fold (album cards first, then the justified photo rows), each
/// the file the browser picks from its `srcset` — the first format Chromium
/// takes (AVIF, else WebP, else JPEG; it shows no JPEG XL) at the smallest
/// width that covers its CSS width × density, from the dense screens'
/// source on a screen of 2x or more (Chromium shows AVIF and WebP alike).
struct FirstView {
    let layout: ThemeLayout
    let viewport: Viewport

    /// Photos looked at on a page: more rows than any screen shows at once.
    static let photosConsidered = 200

    /// The sources an album page may show above the fold: its hero, cards, photos.
    func candidates(of page: PageSpec.AlbumPage) -> (hero: String?, cards: [String], photos: [String]) {
        (page.hero?.photo.source, page.cards.compactMap { $0.cover?.source }, page.photos.prefix(Self.photosConsidered).map(\.source))
    }

    /// The hero (first, always in view), then the cards and photos whose row
    /// starts above the fold, each with the CSS width it is painted at.
    func aboveFold(hero: ProcessedImage? = nil, cards: [ProcessedImage], photos: [ProcessedImage], isRoot: Bool,
                   story: Bool = false) -> [(image: ProcessedImage, width: Double)] {
        let width = Double(viewport.width), height = Double(viewport.height)
        var top = Double(isRoot ? layout.rootGridTop : layout.gridTop)
        var shown: [(image: ProcessedImage, width: Double)] = []
        if let hero {
            shown.append((hero, layout.contentWidth(viewport: width)))
            top += layout.heroHeight(viewport: width, aspect: hero.aspect)
        }
        if !cards.isEmpty {
            let columns = layout.cardColumns(viewport: width, cards: cards.count)
            let cell = layout.gridCellWidth(viewport: width, cards: cards.count)
            let row = layout.cardHeight(viewport: width, cards: cards.count) + Double(layout.gap)
            for (index, card) in cards.enumerated() where top + Double(index / columns) * row < height {
                shown.append((card, cell * layout.coverScale(aspect: card.aspect)))
            }
            top += Double((cards.count + columns - 1) / columns) * row
        }
        let content = layout.rowsWidth(viewport: width, story: story)
        let band = layout.rowBands[layout.rowBandIndex(viewport: width)]
        let rows = JustifiedRows(rowHeight: band.rowHeight, gap: layout.rowGap)
        for line in rows.lines(aspects: photos.map(\.aspect)) where top < height {
            for (index, share) in zip(line.photos, line.widths) { shown.append((photos[index], share * content)) }
            top += line.widths[0] * content / photos[line.photos.lowerBound].aspect + layout.rowGap * width
        }
        return shown
    }

    /// The file a browser at `viewport` takes for `image` painted `cssWidth` wide.
    func file(_ image: ProcessedImage, cssWidth: Double) -> Variant? {
        let stills = image.stills
        guard let format = [FileFormat.avif, .webp, .jpeg].first(where: { format in stills.contains { $0.format == format } }) else { return nil }
        let slot = cssWidth * Double(viewport.density)
        let dense = viewport.density >= DenseScreens.density ? image.denseChoice() : []
        let candidates = (dense.isEmpty ? stills.filter { $0.format == format } : dense).sorted { $0.width < $1.width }
        return candidates.first { Double($0.width) >= slot } ?? candidates.last
    }
}
