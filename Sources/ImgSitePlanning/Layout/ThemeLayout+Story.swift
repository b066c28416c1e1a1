import Foundation

/// An album's long story: on wide screens a column beside its photos (the
/// rows take the content width less the column), on narrower ones folded
/// after a few lines above them, so a phone's first screen shows photos.
extension ThemeLayout {
    /// From this viewport width up a long story is a column beside the
    /// photos: the widest band's edge, so each band has one rows' width.
    package var storyViewport: Int { rowBands.last!.minViewport }

    /// The story's column (CSS px) and the space between it and the photos.
    package static let storyColumn = 300
    package static let storyGap = 32

    /// Width of the photos' rows (CSS px) at viewport width `viewport`, beside a long story or not.
    package func rowsWidth(viewport: Double, story: Bool) -> Double {
        contentWidth(viewport: viewport) - (story && viewport >= Double(storyViewport) ? Double(Self.storyColumn + Self.storyGap) : 0)
    }

    /// CSS px of a rows' `calc()` that is not the viewport in band `band`: the page's padding, and the story's column.
    func rowsFixed(band: RowBand, story: Bool) -> Int {
        2 * pagePadding + (story && band.minViewport >= storyViewport ? Self.storyColumn + Self.storyGap : 0)
    }

    /// A story folds on narrow screens when it is longer than this many
    /// characters of text or than this many paragraphs (about five lines on a phone).
    static let storyFoldCharacters = 280
    static let storyFoldBlocks = 2

    /// Whether a story (its HTML, `SafeMarkdown`'s) is long enough to fold.
    package static func isLongStory(_ html: String) -> Bool {
        let blocks = ["</p>", "</li>", "</h2>", "</h3>", "</h4>", "</blockquote>"].reduce(0) { $0 + html.components(separatedBy: $1).count - 1 }
        let text = html.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        return blocks > storyFoldBlocks || text.count > storyFoldCharacters
    }
}
