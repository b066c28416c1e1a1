import Foundation

/// Album photos in justified rows: their shares of the content width and
/// their `sizes`, from the same line breaking as the CSS (`JustifiedRows`).
extension ThemeLayout {
    /// Each photo's share of the content width in every band (outer: photos
    /// in order; inner: `rowBands` in order), from the photos' aspects.
    package func rowShares(aspects: [Double]) -> [[Double]] {
        let bands = rowBands.map { JustifiedRows(rowHeight: $0.rowHeight, gap: rowGap).widths(aspects: aspects) }
        return aspects.indices.map { index in bands.map { $0[index] } }
    }

    /// The `sizes` attribute of a photo in the rows, from its share in each
    /// band, beside a long story or not.
    package func rowSizes(shares: [Double], story: Bool = false) -> String {
        let widest = rowsWidth(viewport: Double(contentMaxWidth), story: story) * shares.last!
        var entries = ["(min-width: \(contentMaxWidth)px) \(px(widest))"]
        for (band, share) in zip(rowBands, shares).reversed() {
            let expression = "calc((100vw - \(rowsFixed(band: band, story: story))px) * \(number(share)))"
            entries.append(band.minViewport > 0 ? "(min-width: \(band.minViewport)px) \(expression)" : expression)
        }
        return entries.joined(separator: ", ")
    }

    /// The viewport width at which band `index` gives way to the next
    /// (the content's own limit for the last band).
    func rowBandTop(_ index: Int) -> Double {
        index + 1 < rowBands.count ? Double(rowBands[index + 1].minViewport) : Double(contentMaxWidth)
    }

    /// The widest (CSS px) a photo with `shares` of the content width in
    /// each band is painted: at the top of one of the bands.
    package func rowMaxDisplayWidth(shares: [Double]) -> Double {
        zip(rowBands.indices, shares).map { index, share in share * contentWidth(viewport: rowBandTop(index)) }.max() ?? 0
    }

    /// The band in force at viewport width `viewport`.
    package func rowBandIndex(viewport: Double) -> Int {
        rowBands.lastIndex { Double($0.minViewport) <= viewport } ?? 0
    }

    /// The narrowest and widest a photo of `aspect` is painted in the rows
    /// (CSS px), over viewports from `smallestViewport` up: unstretched at
    /// the bottom of each band (beside a story where one can be), and
    /// stretched to twice its row height at the top (a line stretches more
    /// only before a photo too wide to join it).
    func rowDisplayRange(aspect: Double) -> ClosedRange<Double> {
        var low = Double.infinity, high = 0.0
        for (index, band) in rowBands.enumerated() {
            let bottom = rowsWidth(viewport: max(Double(band.minViewport), Self.smallestViewport), story: true)
            let top = contentWidth(viewport: rowBandTop(index))
            low = min(low, min(1, aspect * band.rowHeight) * bottom)
            high = max(high, min(1, 2 * aspect * band.rowHeight) * top)
        }
        return low...high
    }

    /// The narrowest viewport the theme is made for (CSS px).
    static let smallestViewport = 320.0
}
