import Foundation

/// Sub-album cards: a grid of `gridColumns` per viewport range, each card
/// a `cellAspect` box that its cover fills (cropped at the sides or top and
/// bottom, about its centre), with the album's name beneath.
extension ThemeLayout {
    /// An image's painted width as a share of its card's width when it fills
    /// the card: 1 for images taller than the card (they fill its width),
    /// more for wider ones (they fill its height; the sides are cropped).
    public func coverScale(aspect: Double) -> Double {
        max(1, aspect / cellAspect)
    }

    /// Whether a cover of `aspect` fills its card's height (and overflows
    /// its width) rather than its width.
    func coverFillsHeight(aspect: Double) -> Bool {
        aspect > cellAspect
    }

    /// Width of a grid cell in CSS px at viewport width `viewport`.
    public func gridCellWidth(viewport: Double) -> Double {
        let columns = Double(columnsAt(viewport))
        return (contentWidth(viewport: viewport) - Double(gap) * (columns - 1)) / columns
    }

    /// The widest an image of `aspect` is ever painted in the grid (CSS px):
    /// the cell width at the top of each column range.
    public func gridMaxDisplayWidth(aspect: Double) -> Double {
        let tops = gridColumns.dropFirst().map { Double($0.minViewport) - 0.01 } + [Double(contentMaxWidth)]
        return tops.map(gridCellWidth(viewport:)).max()! * coverScale(aspect: aspect)
    }

    /// A card's height at viewport width `viewport`: the cover's box and the
    /// name beneath it (one line).
    func cardHeight(viewport: Double) -> Double {
        gridCellWidth(viewport: viewport) / cellAspect + Double(Self.cardLabelHeight)
    }

    /// CSS px the album's name takes under its cover: a 24 px line and 4 px above it.
    static let cardLabelHeight = 28

    /// The `sizes` attribute for an image of `aspect` in the grid.
    public func gridSizes(aspect: Double) -> String {
        let fraction = coverScale(aspect: aspect)
        var entries = ["(min-width: \(contentMaxWidth)px) \(px(gridCellWidth(viewport: Double(contentMaxWidth)) * fraction))"]
        for breakpoint in gridColumns.reversed() {
            let columns = Double(breakpoint.columns)
            let fixed = Double(2 * pagePadding + gap * (breakpoint.columns - 1))
            let expression = "calc((100vw - \(String(Int(fixed)))px) * \(number(fraction / columns)))"
            entries.append(breakpoint.minViewport > 0 ? "(min-width: \(breakpoint.minViewport)px) \(expression)" : expression)
        }
        return entries.joined(separator: ", ")
    }

    func columnsAt(_ viewport: Double) -> Int {
        gridColumns.last { Double($0.minViewport) <= viewport }?.columns ?? gridColumns[0].columns
    }
}
