import Foundation

/// Sub-album cards: a grid of `gridColumns` per viewport range, each card
/// a `cellAspect` box that its cover fills (cropped at the sides or top and
/// bottom, about its centre), with the album's name and counts beneath.
/// A page with fewer cards than a row holds takes as many columns as it has
/// cards (two at least), so its cards span the width.
extension ThemeLayout {
    /// An image's painted width as a share of its card's width when it fills
    /// the card: 1 for images taller than the card (they fill its width),
    /// more for wider ones (they fill its height; the sides are cropped).
    public func coverScale(aspect: Double) -> Double {
        max(1, aspect / cellAspect)
    }

    /// Whether a cover of `aspect` fills its card's height (and overflows
    /// its width) rather than its width.
    package func coverFillsHeight(aspect: Double) -> Bool {
        aspect > cellAspect
    }

    /// The columns a page of `cards` cards has at viewport width `viewport`.
    package func cardColumns(viewport: Double, cards: Int) -> Int {
        cardColumns(cards: cards, upTo: columnsAt(viewport))
    }

    /// The columns a page of `cards` cards has on the widest screens: its grid's CSS class (`cards-N`).
    public func cardColumns(cards: Int) -> Int {
        cardColumns(cards: cards, upTo: gridColumns.last!.columns)
    }

    /// The columns of a page of `cards` cards where a full page has `most`.
    private func cardColumns(cards: Int, upTo most: Int) -> Int {
        min(most, max(Self.fewestCardColumns, cards))
    }

    /// A lone card takes half the width, not all of it: a card that wide would be a banner.
    static let fewestCardColumns = 2

    /// Width of a grid cell in CSS px at viewport width `viewport` on a page of `cards` cards.
    public func gridCellWidth(viewport: Double, cards: Int = .max) -> Double {
        let columns = Double(cardColumns(viewport: viewport, cards: cards))
        return (contentWidth(viewport: viewport) - Double(gap) * (columns - 1)) / columns
    }

    /// The widest an image of `aspect` is ever painted in the grid (CSS px):
    /// the cell width at the top of each column range, on a page of the
    /// fewest columns.
    public func gridMaxDisplayWidth(aspect: Double) -> Double {
        let tops = gridColumns.dropFirst().map { Double($0.minViewport) - 0.01 } + [Double(contentMaxWidth)]
        return tops.map { gridCellWidth(viewport: $0, cards: Self.fewestCardColumns) }.max()! * coverScale(aspect: aspect)
    }

    /// A card's height at viewport width `viewport`: the cover's box and the
    /// name and counts beneath it.
    package func cardHeight(viewport: Double, cards: Int) -> Double {
        gridCellWidth(viewport: viewport, cards: cards) / cellAspect + Double(Self.cardLabelHeight)
    }

    /// CSS px the album's name and counts take under its cover: 6 px above,
    /// a 24 px line each (a longer name wraps to more).
    static let cardLabelHeight = 54

    /// The `sizes` attribute for an image of `aspect` in a grid of `cards` cards.
    public func gridSizes(aspect: Double, cards: Int = .max) -> String {
        let fraction = coverScale(aspect: aspect)
        let widest = gridCellWidth(viewport: Double(contentMaxWidth), cards: cards) * fraction
        var entries = ["(min-width: \(contentMaxWidth)px) \(px(widest))"]
        for breakpoint in gridColumns.reversed() {
            let columns = cardColumns(cards: cards, upTo: breakpoint.columns)
            let fixed = Double(2 * pagePadding + gap * (columns - 1))
            let expression = "calc((100vw - \(String(Int(fixed)))px) * \(number(fraction / Double(columns))))"
            entries.append(breakpoint.minViewport > 0 ? "(min-width: \(breakpoint.minViewport)px) \(expression)" : expression)
        }
        return entries.joined(separator: ", ")
    }

    /// Where a page of fewer cards than a row holds stops adding columns:
    /// for each such count, the first viewport at which a full page has more.
    package var cardCaps: [(minViewport: Int, cards: Int)] {
        let most = gridColumns.last!.columns
        return (Self.fewestCardColumns..<max(Self.fewestCardColumns, most)).compactMap { cards in
            gridColumns.first { $0.columns > cards }.map { ($0.minViewport, cards) }
        }
    }

    func columnsAt(_ viewport: Double) -> Int {
        gridColumns.last { Double($0.minViewport) <= viewport }?.columns ?? gridColumns[0].columns
    }
}
