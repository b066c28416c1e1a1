/// What a browser at `viewport` fetches first on an album page of the
/// default theme: the page, the stylesheet, and the grid images whose row
/// starts above the fold (album cards first, then photos), each the file the
/// browser picks from its `srcset` — the first format Chromium takes (AVIF,
/// else WebP, else JPEG; it shows no JPEG XL) at the smallest width that
/// covers the cell × density.
struct FirstView {
    let layout: ThemeLayout
    let viewport: Viewport

    /// How many album cards and photos start above the fold.
    func cellsAboveFold(cards: Int, photos: Int, isRoot: Bool) -> (cards: Int, photos: Int) {
        let width = Double(viewport.width)
        let columns = layout.columnsAt(width)
        let row = layout.gridCellWidth(viewport: width) / layout.cellAspect + Double(layout.gap)
        var top = Double(isRoot ? layout.rootGridTop : layout.gridTop)
        // A grid's rows start `row` apart; those starting above the fold count.
        func fitting(_ count: Int) -> Int {
            guard count > 0 else { return 0 }
            let rows = (count + columns - 1) / columns
            let above = top < Double(viewport.height) ? Int(((Double(viewport.height) - top) / row).rounded(.up)) : 0
            top += Double(rows) * row  // the next grid starts below this one's last row
            return min(min(above, rows) * columns, count)
        }
        return (fitting(cards), fitting(photos))
    }

    /// The file a browser at `viewport` takes for `image` in a grid cell.
    func gridFile(_ image: ProcessedImage) -> Variant? {
        let stills = image.stills
        guard let format = [OutputFormat.avif, .webp, .jpeg].first(where: { format in stills.contains { $0.format == format } }) else { return nil }
        let slot = layout.gridCellWidth(viewport: Double(viewport.width)) * layout.gridFraction(aspect: image.aspect) * Double(viewport.density)
        let candidates = stills.filter { $0.format == format }.sorted { $0.width < $1.width }
        return candidates.first { Double($0.width) >= slot } ?? candidates.last
    }
}

extension FirstView {
    /// The sources of an album page's grid images above the fold, cards first.
    func sources(of page: PageSpec.AlbumPage) -> [String] {
        let above = cellsAboveFold(cards: page.cards.count, photos: page.photos.count, isRoot: page.isRoot)
        return page.cards.prefix(above.cards).compactMap { $0.cover?.source } + page.photos.prefix(above.photos).map(\.source)
    }
}
