import Foundation

/// The photo page: the whole photo, its caption and the previous/next
/// links within the viewport.
extension ThemeLayout {
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

    /// The least viewport (CSS px) in which the photo page shows the photo
    /// wider than `width` CSS px (height nil: any height), or nil when no
    /// viewport does: where `photoWidth`'s three terms all exceed it.
    public func photoViewport(wider width: Double, aspect: Double, sourceWidth: Int, reserve: Int) -> (width: Int, height: Int?)? {
        guard photoMaxDisplayWidth(aspect: aspect, sourceWidth: sourceWidth) > width else { return nil }
        let height = Double(Self.photoMinHeight) * aspect > width ? nil : Int((width / aspect).rounded(.down)) + reserve + 1
        return (Int(width.rounded(.down)) + 2 * pagePadding + 1, height)
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

    /// Header, margins, the album's link and the footer of the photo page
    /// (CSS px): the page ends within the screen.
    static let photoChrome = 150
}
