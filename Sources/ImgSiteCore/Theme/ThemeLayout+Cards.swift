import Foundation

/// Sub-album cards: a grid of `gridColumns` per viewport range, each cell a
/// `cellAspect` box in which the cover is shown whole.
extension ThemeLayout {
    /// The share of a cell's width an image of `aspect` (w / h) covers when
    /// shown whole: 1 for images wider than the cell, less for taller ones.
    public func gridFraction(aspect: Double) -> Double {
        min(1, aspect / cellAspect)
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
        return tops.map(gridCellWidth(viewport:)).max()! * gridFraction(aspect: aspect)
    }

    /// The `sizes` attribute for an image of `aspect` in the grid.
    public func gridSizes(aspect: Double) -> String {
        let fraction = gridFraction(aspect: aspect)
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
