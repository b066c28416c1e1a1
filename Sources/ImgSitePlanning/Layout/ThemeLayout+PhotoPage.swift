import Foundation

/// The photo page: the whole photo, its caption and the previous/next
/// links within the viewport. Below the photo the caption's lines are kept
/// from its height; beside it (landscape screens at least `captionViewport`
/// wide) the photo takes the viewport's height but the page's chrome, less
/// the caption's column of the width. On those screens the photo takes the
/// larger of its two widths and the caption goes where that leaves it: a
/// wide photo on a screen not much wider than tall keeps it below.
extension ThemeLayout {
    /// The widest the photo page paints an image (CSS px): the content
    /// width, `photoMaxHeight`, and never wider than the source, which is
    /// not upscaled on screen. A short viewport makes it smaller still.
    public func photoMaxDisplayWidth(aspect: Double, sourceWidth: Int) -> Double {
        min(contentWidth(viewport: Double(contentMaxWidth)), Double(photoMaxHeight) * aspect, Double(sourceWidth))
    }

    /// The photo page's image width as a CSS length with the caption below
    /// it: the content width, the viewport's height less `reserve` CSS px
    /// (header, caption, links) times the aspect, and the limit.
    public func photoWidth(aspect: Double, sourceWidth: Int, reserve: Int) -> String {
        photoWidth(aspect: aspect, besides: 2 * pagePadding, reserve: reserve, limit: photoMaxDisplayWidth(aspect: aspect, sourceWidth: sourceWidth))
    }

    /// The same with the caption beside it (`captionMedia`): the content
    /// width less the caption's column, the viewport's height less the chrome.
    /// The content's width caps it too: the page's column is at most `contentMaxWidth` wide.
    public func photoWidthBeside(aspect: Double, sourceWidth: Int) -> String {
        let column = Double(contentMaxWidth - captionBesides)
        return photoWidth(aspect: aspect, besides: captionBesides, reserve: Self.photoChrome,
                          limit: min(photoMaxDisplayWidth(aspect: aspect, sourceWidth: sourceWidth), column))
    }

    private func photoWidth(aspect: Double, besides: Int, reserve: Int, limit: Double) -> String {
        "min(calc(100vw - \(besides)px), calc(max(100vh - \(reserve)px, \(Self.photoMinHeight)px) * \(number(aspect))), \(px(limit)))"
    }

    /// The photo's `sizes` from its two widths: where its caption may stand
    /// beside it, the larger of the two (the stylesheet's choice), else above it.
    public func photoSizes(below: String, beside: String) -> String {
        "\(captionMedia) max(\(beside), \(below)), \(below)"
    }

    /// Where the caption may stand beside the photo: wide screens wider than
    /// tall (on a tall one, below it leaves the photo the width).
    package var captionMedia: String { "(min-width: \(Self.captionViewport)px) and (orientation: landscape)" }
    static let captionViewport = 960
    /// The caption's column beside the photo, and the gap between them (CSS px).
    package static let captionColumn = 280
    package static let captionGap = 24
    /// The viewport's width the photo does not take beside its caption.
    var captionBesides: Int { 2 * pagePadding + Self.captionColumn + Self.captionGap }

    /// The least viewport (CSS px) in which the photo page shows the photo
    /// wider than `width` CSS px (height nil: any height), or nil when no
    /// viewport does: where the width below its caption, `photoWidth`'s
    /// three terms, all exceed it. Where the caption may stand beside, the
    /// photo is never narrower than below it, so that viewport holds there too.
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
    package func photoReserve(title: String, texts: [String], dated: Bool, detailRows: Int) -> Int {
        func lines(_ text: String, perLine: Int) -> Int { max(1, (text.count + perLine - 1) / perLine) }
        let titleLines = lines(title, perLine: 26)
        let textLines = texts.reduce(0) { $0 + lines($1, perLine: 34) } + (dated ? 1 : 0)
        return Self.photoChrome + titleLines * 30 + textLines * 24 + detailRows * 21
    }

    /// Header, margins, the album's link and the footer of the photo page
    /// (CSS px): the page ends within the screen.
    static let photoChrome = 150
}
