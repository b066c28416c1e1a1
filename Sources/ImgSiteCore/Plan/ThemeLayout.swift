import Foundation

/// The geometry of the default theme, the single source of truth for both
/// its CSS (rendered into the stylesheet) and the `sizes` attributes, so the
/// widths a browser is told match the widths it really paints.
///
/// Photos: justified rows (`JustifiedRows`), whose height is a share of the
/// content width set per viewport band. Sub-album cards: a grid of
/// `columns` per viewport range, each cell a `cellAspect` box (width /
/// height) in which the cover is shown whole. Photo page: the whole photo
/// within the viewport, under `photoMaxHeight` CSS px.
public struct ThemeLayout: Sendable, Equatable, Hashable {
    /// Photo rows from a minimum viewport width (CSS px) up, ascending: about
    /// two landscape photos a row on phones, three on tablets, five on desktops.
    public var rowBands: [RowBand] = [
        RowBand(minViewport: 0, rowHeight: 0.30),
        RowBand(minViewport: 600, rowHeight: 0.22),
        RowBand(minViewport: 1000, rowHeight: 0.16),
    ]
    /// Space between photos in a row, as a share of the content width.
    public var rowGap = 0.006
    /// Card grid columns from a minimum viewport width (CSS px) up, ascending.
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
    /// The photo page never shows a photo taller than this (CSS px).
    public var photoMaxHeight = 1200
    /// Album images in view at this viewport load eagerly, the rest lazily.
    /// A lazy image in view paints a frame after the page even from the
    /// cache, showing its placeholder for that frame; eager ones paint with
    /// the page. Chromium fetches lazy images up to 1,250 px below the fold
    /// anyway, so a phone fetches little more for the desktop's first view.
    public var eagerViewport = Viewport(width: 1920, height: 1200, density: 1)
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

    public struct RowBand: Sendable, Equatable, Hashable {
        public var minViewport: Int
        /// An unstretched row's height, as a share of the content width.
        public var rowHeight: Double
    }

    public init() {}

    /// Width of the content (grid, photo box) in CSS px at viewport width `viewport`.
    public func contentWidth(viewport: Double) -> Double {
        min(viewport, Double(contentMaxWidth)) - Double(2 * pagePadding)
    }

    // MARK: Photo rows

    /// Each photo's share of the content width in every band (outer: photos
    /// in order; inner: `rowBands` in order), from the photos' aspects.
    func rowShares(aspects: [Double]) -> [[Double]] {
        let bands = rowBands.map { JustifiedRows(rowHeight: $0.rowHeight, gap: rowGap).widths(aspects: aspects) }
        return aspects.indices.map { index in bands.map { $0[index] } }
    }

    /// The `sizes` attribute of a photo in the rows, from its share in each band.
    func rowSizes(shares: [Double]) -> String {
        let fixed = 2 * pagePadding
        var entries = ["(min-width: \(contentMaxWidth)px) \(px(contentWidth(viewport: Double(contentMaxWidth)) * shares.last!))"]
        for (band, share) in zip(rowBands, shares).reversed() {
            let expression = "calc((100vw - \(fixed)px) * \(number(share)))"
            entries.append(band.minViewport > 0 ? "(min-width: \(band.minViewport)px) \(expression)" : expression)
        }
        return entries.joined(separator: ", ")
    }

    /// The band in force at viewport width `viewport`.
    func rowBandIndex(viewport: Double) -> Int {
        rowBands.lastIndex { Double($0.minViewport) <= viewport } ?? 0
    }

    /// The narrowest and widest a photo of `aspect` is painted in the rows
    /// (CSS px), over viewports from `smallestViewport` up: unstretched at
    /// the bottom of each band, and stretched to twice its row height at the
    /// top (a line stretches more only before a photo too wide to join it).
    func rowDisplayRange(aspect: Double) -> ClosedRange<Double> {
        var low = Double.infinity, high = 0.0
        for (index, band) in rowBands.enumerated() {
            let bottom = contentWidth(viewport: max(Double(band.minViewport), Self.smallestViewport))
            let top = contentWidth(viewport: index + 1 < rowBands.count ? Double(rowBands[index + 1].minViewport) : Double(contentMaxWidth))
            low = min(low, min(1, aspect * band.rowHeight) * bottom)
            high = max(high, min(1, 2 * aspect * band.rowHeight) * top)
        }
        return low...high
    }

    /// The narrowest viewport the theme is made for (CSS px).
    static let smallestViewport = 320.0

    // MARK: Album cards

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
            let expression = "calc((100vw - \(fixed.formatted0)px) * \(number(fraction / columns)))"
            entries.append(breakpoint.minViewport > 0 ? "(min-width: \(breakpoint.minViewport)px) \(expression)" : expression)
        }
        return entries.joined(separator: ", ")
    }

    // MARK: Photo page

    /// The widest the photo page paints an image (CSS px): the content
    /// width, `photoMaxHeight`, and never wider than the source, which is
    /// not upscaled on screen. A short viewport makes it smaller still.
    public func photoMaxDisplayWidth(aspect: Double, sourceWidth: Int) -> Double {
        min(contentWidth(viewport: Double(contentMaxWidth)), Double(photoMaxHeight) * aspect, Double(sourceWidth))
    }

    /// The photo page's image width as a CSS length, which is also its
    /// `sizes`: the content width, the viewport's height less `reserve` CSS
    /// px (header, caption, links) times the aspect, and the limit.
    public func photoWidth(aspect: Double, sourceWidth: Int, reserve: Int) -> String {
        let limit = photoMaxDisplayWidth(aspect: aspect, sourceWidth: sourceWidth)
        return "min(calc(100vw - \(2 * pagePadding)px), calc(max(100vh - \(reserve)px, \(Self.photoMinHeight)px) * \(number(aspect))), \(px(limit)))"
    }

    /// The photo page's photo is never shorter than this, however short the viewport (CSS px).
    static let photoMinHeight = 200

    /// CSS px of the photo page's height that are not the photo: header,
    /// title, caption and credit lines, date, details, previous/next links
    /// (measured in Chromium). Text is counted as wrapped at phone width, so
    /// it never takes more than this.
    func photoReserve(title: String, texts: [String], dated: Bool, detailRows: Int) -> Int {
        func lines(_ text: String, perLine: Int) -> Int { max(1, (text.count + perLine - 1) / perLine) }
        let titleLines = lines(title, perLine: 26)
        let textLines = texts.reduce(0) { $0 + lines($1, perLine: 34) } + (dated ? 1 : 0)
        return Self.photoChrome + titleLines * 30 + textLines * 24 + detailRows * 21
    }

    /// Header, margins and the previous/next links of the photo page (CSS px).
    static let photoChrome = 120

    func columnsAt(_ viewport: Double) -> Int {
        gridColumns.last { Double($0.minViewport) <= viewport }?.columns ?? gridColumns[0].columns
    }

    private func px(_ value: Double) -> String { "\(Int(value.rounded(.up)))px" }
    private func number(_ value: Double) -> String { String(format: "%.4f", value) }
}

private extension Double {
    var formatted0: String { String(Int(self)) }
}
