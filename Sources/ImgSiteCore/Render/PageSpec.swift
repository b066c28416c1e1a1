/// One file the render step makes, described by its inputs only. Its digest
/// (`digest(site:)`) is those inputs encoded whole (each case's page is
/// `Encodable`), so an unchanged digest means an unchanged file: it is
/// neither rendered nor read.
enum PageSpec: Sendable {
    case stylesheet
    /// The photo pages' optional script: keys and swipes (plain links without it).
    case script
    case album(AlbumPage)
    case photo(PhotoPage)
    /// `sitemap.xml`: every HTML page (only with `base_url`).
    case sitemap(pages: [String])
    /// `feed.xml`: an Atom feed of the newest photos (only with `base_url`).
    case feed(FeedPage)
    /// A private album's address: the page that asks for its password.
    case unlock(UnlockPage)
    /// A private album's service worker, in its folder (its scope).
    case serviceWorker(address: String)
    /// The unlock page's script, and the private pages' "forget" button's.
    case privateScript

    /// A link in the breadcrumb trail or the pager.
    struct Link: Sendable, Encodable {
        var title: String
        var href: String
    }

    /// A sub-album card: its title, link, count and cover.
    struct Card: Sendable, Encodable {
        var title: String
        var href: String
        /// Its photos, sub-albums included, and what its page says of them.
        var count: Int
        var countText: String
        var cover: BuiltAlbum.Photo?
        /// A private album's (`listed: true`): a lock, no cover, no count.
        var locked = false
    }

    /// A private album's unlock page: its title when public, and its lock.
    struct UnlockPage: Sendable, Encodable {
        var path: String
        var title: String
        var depth: Int
        var salt: String
        var rounds: Int
    }

    /// One page of an album's grid.
    struct AlbumPage: Sendable, Encodable {
        var path: String
        var title: String?
        var depth: Int
        var breadcrumbs: [Link]
        var pageIndex: Int
        var pageCount: Int
        var photos: [BuiltAlbum.Photo]
        var photoCount: Int
        /// What its card on the parent's page says too: "3 albums, 10 photos".
        var countText: String
        var cards: [Card]
        var isRoot: Bool
        /// The front page's hero (`BuiltAlbum.hero`) and its photo's page, on its first page.
        var hero: Hero?
        /// The album's description (`album.yml`), on its first page.
        var descriptionHTML: String?
        /// Whether its story is long (`ThemeLayout.isLongStory`, a pass over
        /// its HTML, so read once): folded on narrow screens, and beside its
        /// photos on wide ones.
        var longStory: Bool
        var storyBeside: Bool { longStory && !photos.isEmpty }
        /// Its zip of downloads (`album_zip`), named relative to the page, on its first page.
        var zip: String?
        /// Its zip's link: "Download all 3 photos and 1 clip" (the album's own).
        var zipLabel = ""
    }

    /// The front page's hero: a photo of an album below, and its page from the site's root.
    struct Hero: Sendable, Encodable {
        var photo: BuiltAlbum.Photo
        var page: String
    }

    /// One photo's page.
    struct PhotoPage: Sendable, Encodable {
        var path: String
        var depth: Int
        var breadcrumbs: [Link]
        var photo: BuiltAlbum.Photo
        /// The previous photo's link: its page shows only its title.
        var previous: Neighbour?
        /// The next photo: its picture is loaded ahead.
        var next: BuiltAlbum.Photo?
        var albumTitle: String
    }

    /// A neighbour a page links to by its title alone.
    struct Neighbour: Sendable, Encodable {
        var title: String
        var pageName: String

        init(_ photo: BuiltAlbum.Photo) {
            (title, pageName) = (photo.title, photo.planned.pageName)
        }
    }

    /// The newest photos, each with its page's path.
    struct FeedPage: Sendable, Encodable {
        var entries: [FeedEntry]
    }

    struct FeedEntry: Sendable, Encodable {
        var photo: BuiltAlbum.Photo
        var path: String
    }

    static let sitemapPath = "sitemap.xml"
    static let feedPath = "feed.xml"

    var path: String {
        switch self {
        case .stylesheet: "_assets/style.css"
        case .script: "_assets/photo.js"
        case .album(let page): page.path
        case .photo(let page): page.path
        case .sitemap: Self.sitemapPath
        case .feed: Self.feedPath
        case .unlock(let page): page.path
        case .serviceWorker(let address): address + "/sw.js"
        case .privateScript: "_assets/private.js"
        }
    }

    /// A private album's unlock page or worker.
    var isPrivateDoor: Bool {
        switch self {
        case .unlock, .serviceWorker: true
        default: false
        }
    }

    /// The sources whose full records rendering needs.
    var sources: [String] {
        switch self {
        case .stylesheet, .script, .unlock, .serviceWorker, .privateScript: []
        case .album(let page): [page.hero?.photo.source].compactMap { $0 } + page.photos.map(\.source) + page.cards.compactMap { $0.cover?.source }
        case .photo(let page): [page.photo.source] + [page.next?.source].compactMap { $0 }
        case .sitemap: []
        case .feed(let page): page.entries.map(\.photo.source)
        }
    }

    /// SHA-256 of the inputs (the case and its page, encoded whole) and
    /// `site` (templates, settings, version), fed straight from the encoder
    /// (`DigestEncoder`): a field added to a page is in its digest with
    /// nothing else to write (`PageInputsTests`).
    func digest(site: String) -> String {
        // The case's name in the seed, its page encoded: the enum's own containers cost a page two allocations.
        switch self {
        case .stylesheet, .script, .privateScript: DigestEncoder.digest(path, seed: site + "|asset")
        case .album(let page): DigestEncoder.digest(page, seed: site + "|album")
        case .photo(let page): DigestEncoder.digest(page, seed: site + "|photo")
        case .sitemap(let pages): DigestEncoder.digest(pages, seed: site + "|sitemap")
        case .feed(let page): DigestEncoder.digest(page, seed: site + "|feed")
        case .unlock(let page): DigestEncoder.digest(page, seed: site + "|unlock")
        case .serviceWorker(let address): DigestEncoder.digest(address, seed: site + "|worker")
        }
    }
}
