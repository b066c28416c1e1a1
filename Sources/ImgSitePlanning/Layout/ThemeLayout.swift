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
public struct ThemeLayout: Sendable, Equatable, Hashable, Encodable {
    /// Photo rows from a minimum viewport width (CSS px) up, ascending: about
    /// two landscape photos a row on phones, three on tablets, four on desktops
    /// (rows of 0.21 measured 27 to 57 % more bytes in an album's first view).
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
        Breakpoint(minViewport: 720, columns: 3),
        Breakpoint(minViewport: 1100, columns: 4),
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
    /// Screens denser than `largeScreenDensity` are phones, no larger than
    /// these (CSS px; a large phone upright and sideways): a 3x file as
    /// wide as a desktop's photo would be painted on no screen.
    public var phones = [Viewport(width: 430, height: 932, density: 3), Viewport(width: 932, height: 430, density: 3)]
    /// The densest screen larger than a phone (a Retina or 5K desktop).
    public var largeScreenDensity = 2
    /// CSS px from the top of an album page to its first grid row (header,
    /// breadcrumbs, title), and on the root page (no breadcrumbs); measured
    /// in Chromium at 390 and 1280 px wide.
    public var gridTop = 140
    public var rootGridTop = 66

    public struct Breakpoint: Sendable, Equatable, Hashable, Encodable {
        public var minViewport: Int
        public var columns: Int
    }

    public struct RowBand: Sendable, Equatable, Hashable, Encodable {
        public var minViewport: Int
        /// An unstretched row's height, as a share of the content width.
        public var rowHeight: Double
    }

    public init() {}

    /// Width of the content (grid, photo box) in CSS px at viewport width `viewport`.
    public func contentWidth(viewport: Double) -> Double {
        min(viewport, Double(contentMaxWidth)) - Double(2 * pagePadding)
    }

    /// A length in whole CSS px, rounded up: never narrower than painted.
    package func px(_ value: Double) -> String { "\(Int(value.rounded(.up)))px" }
    /// A factor in a CSS `calc()`.
    package func number(_ value: Double) -> String { String(format: "%.4f", value) }
}
