import ImgSitePlanning

/// Everything besides the photos and the theme's templates that shapes the
/// site's pages. The renderer reads its options from here and every page's
/// digest starts from this value whole (`BuildPipeline.render`), so a new
/// option cannot change pages without changing their digests: a page
/// rendered with the old value is never taken as up to date.
public struct PageOptions: Hashable, Sendable {
    public var siteTitle: String
    public var layout: ThemeLayout
    /// The published address (`base_url`): share tags, sitemap and feed.
    public var baseURL: String?
    /// Photos on one album page.
    public var pageSize = PageMap.photosPerPage
    /// Whether photo pages show camera, lens and exposure (`photo_details`).
    public var showsDetails = true
    /// What photo pages offer to download (`downloads`).
    public var downloads = DownloadPolicy.none
    /// Whether each album with photos gets a zip of their downloads (`album_zip`).
    public var albumZips = false
    /// Seconds a photo stays in the slideshow (`slideshow.seconds`).
    public var slideshowSeconds = 5.0
    /// The theme's colours (`theme.accent`, `theme.backdrop`).
    public var palette = Palette()
    /// The theme's words in the site's language (`language`, `strings.yml`).
    public var words = Words.english
    /// Private albums' addresses ("trips/p-7kq2m9x4ab"): their pages offer to forget the password.
    var privateAddresses: [String] = []

    public init(siteTitle: String, layout: ThemeLayout) {
        self.siteTitle = siteTitle
        self.layout = layout
    }

    /// The page map these options make.
    var pages: PageMap {
        PageMap(siteTitle: siteTitle, baseURL: baseURL, pageSize: pageSize, albumZips: albumZips, words: words)
    }
}
