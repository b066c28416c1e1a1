/// What the theme paints on a phone, the only screens denser than 2x.
extension ThemeLayout {
    /// The widest an image of `aspect` is painted on any of `phones` (CSS
    /// px): in the rows stretched to twice their height, in a card, or on
    /// its photo page with the least text under it. An upper bound: the
    /// densest screens' files need be no wider than this at their density.
    func phoneMaxDisplayWidth(aspect: Double, sourceWidth: Int) -> Double {
        phones.map { phone in
            let viewport = Double(phone.width), content = contentWidth(viewport: viewport)
            let row = min(1, 2 * aspect * rowBands[rowBandIndex(viewport: viewport)].rowHeight) * content
            let card = gridCellWidth(viewport: viewport) * coverScale(aspect: aspect)
            let photoHeight = Double(max(phone.height - Self.photoChrome, Self.photoMinHeight))
            let photo = min(content, photoHeight * aspect, photoMaxDisplayWidth(aspect: aspect, sourceWidth: sourceWidth))
            return max(row, card, photo)
        }.max() ?? 0
    }
}
