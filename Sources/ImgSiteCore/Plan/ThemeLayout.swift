import Foundation

/// The geometry of the default theme, the single source of truth for both
/// its CSS (rendered into the stylesheet) and the `sizes` attributes, so the
/// widths a browser is told match the widths it really paints.
///
/// Album grid: `columns` per viewport range, each cell a `cellAspect` box
/// (width / height) in which an image is shown whole. Photo page: the image
/// fills the content width, at most `photoMaxWidth` × `photoMaxHeight` CSS px.
public struct ThemeLayout: Sendable, Equatable, Hashable {
    /// Grid columns from a minimum viewport width (CSS px) up, ascending.
    public var gridColumns: [Breakpoint] = [
        Breakpoint(minViewport: 0, columns: 2),
        Breakpoint(minViewport: 640, columns: 3),
        Breakpoint(minViewport: 960, columns: 4),
        Breakpoint(minViewport: 1280, columns: 5),
    ]
    /// The page content never gets wider than this (CSS px).
    public var contentMaxWidth = 1600
    /// Padding left and right of the content (CSS px each side).
    public var pagePadding = 16
    /// Space between grid cells (CSS px).
    public var gap = 8
    /// Width / height of a grid cell.
    public var cellAspect = 4.0 / 3.0
    public var photoMaxWidth = 1200
    public var photoMaxHeight = 900
    /// Screen densities served (1x, 2x, 3x).
    public var densities = [1, 2, 3]
    /// CSS px from the top of an album page to its first grid row (header,
    /// breadcrumbs, title), and on the root page (no breadcrumbs); measured
    /// in Chromium at 390 and 1280 px wide.
    public var gridTop = 140
    public var rootGridTop = 96

    public struct Breakpoint: Sendable, Equatable, Hashable {
        public var minViewport: Int
        public var columns: Int
    }

    public init() {}

    // MARK: Grid

    /// The share of a cell's width an image of `aspect` (w / h) covers when
    /// shown whole: 1 for images wider than the cell, less for taller ones.
    public func gridFraction(aspect: Double) -> Double {
        min(1, aspect / cellAspect)
    }

    /// Width of a grid cell in CSS px at viewport width `viewport`.
    public func gridCellWidth(viewport: Double) -> Double {
        let columns = Double(columnsAt(viewport))
        let content = min(viewport, Double(contentMaxWidth)) - Double(2 * pagePadding)
        return (content - Double(gap) * (columns - 1)) / columns
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
            let expression = "calc((100vw - \(fixed.formatted0)px) * \(number(fraction / columns)))"
            entries.append(breakpoint.minViewport > 0 ? "(min-width: \(breakpoint.minViewport)px) \(expression)" : expression)
        }
        return entries.joined(separator: ", ")
    }

    // MARK: Photo page

    /// The widest the photo page paints an image (CSS px): the box limits,
    /// and never wider than the source, which is not upscaled on screen.
    public func photoMaxDisplayWidth(aspect: Double, sourceWidth: Int) -> Double {
        min(Double(photoMaxWidth), Double(photoMaxHeight) * aspect, Double(sourceWidth))
    }

    /// The `sizes` attribute on the photo page: the content width until the
    /// box limit is reached, then the limit.
    public func photoSizes(aspect: Double, sourceWidth: Int) -> String {
        let limit = photoMaxDisplayWidth(aspect: aspect, sourceWidth: sourceWidth)
        let breakpoint = Int((limit + Double(2 * pagePadding)).rounded(.up))
        return "(max-width: \(breakpoint)px) calc(100vw - \(2 * pagePadding)px), \(px(limit))"
    }

    func columnsAt(_ viewport: Double) -> Int {
        gridColumns.last { Double($0.minViewport) <= viewport }?.columns ?? gridColumns[0].columns
    }

    private func px(_ value: Double) -> String { "\(Int(value.rounded(.up)))px" }
    private func number(_ value: Double) -> String { String(format: "%.4f", value) }
}

private extension Double {
    var formatted0: String { String(Int(self)) }
}
