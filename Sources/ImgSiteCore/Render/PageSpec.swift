/// One file the render step makes, described by its inputs only. Its digest
/// covers everything the rendered file depends on, so an unchanged digest
/// means an unchanged file: it is neither rendered nor read.
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
    struct Link: Sendable {
        var title: String
        var href: String
    }

    /// A sub-album card: its title, link, count and cover.
    struct Card: Sendable {
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
    struct UnlockPage: Sendable {
        var path: String
        var title: String
        var depth: Int
        var salt: String
        var rounds: Int
    }

    /// One page of an album's grid.
    struct AlbumPage: Sendable {
        var path: String
        var title: String?
        var depth: Int
        var breadcrumbs: [Link]
        var pageIndex: Int
        var pageCount: Int
        var photos: ArraySlice<BuiltAlbum.Photo>
        var photoCount: Int
        /// What its card on the parent's page says too: "3 albums, 10 photos".
        var countText: String
        var cards: [Card]
        var isRoot: Bool
        /// The front page's hero (`BuiltAlbum.hero`) and its photo's page, on its first page.
        var hero: (photo: BuiltAlbum.Photo, page: String)?
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

    /// One photo's page.
    struct PhotoPage: Sendable {
        var path: String
        var depth: Int
        var breadcrumbs: [Link]
        var photo: BuiltAlbum.Photo
        var previous: BuiltAlbum.Photo?
        var next: BuiltAlbum.Photo?
        var albumTitle: String
    }

    /// The newest photos, each with its page's path.
    struct FeedPage: Sendable {
        var entries: [(photo: BuiltAlbum.Photo, path: String)]
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

    /// SHA-256 of the inputs and `site` (templates, settings, version), fed
    /// piece by piece: thousands of pages are digested on every build.
    func digest(site: String) -> String {
        var pieces = [site]
        func photo(_ photo: BuiltAlbum.Photo?) {
            guard let photo else { return pieces.append("-") }
            pieces += [photo.planned.pageName, photo.title, photo.summary.digest]
        }
        /// A neighbour shows only its title and link.
        func link(_ photo: BuiltAlbum.Photo?) {
            guard let photo else { return pieces.append("-") }
            pieces += [photo.planned.pageName, photo.title]
        }
        func links(_ links: [Link]) {
            pieces.append(String(links.count))
            for link in links { pieces += [link.title, link.href] }
        }
        switch self {
        case .stylesheet:
            pieces.append("css")
        case .script:
            pieces.append("js")
        case .unlock(let page):
            pieces += ["unlock", page.path, page.title, String(page.depth), page.salt, String(page.rounds)]
        case .serviceWorker(let address):
            pieces += ["sw", address]
        case .privateScript:
            pieces.append("private.js")
        case .album(let page):
            pieces += ["album", page.path, page.title ?? "-", String(page.depth), String(page.pageIndex), String(page.pageCount),
                       String(page.photoCount), page.countText, String(page.isRoot), String(page.cards.count), page.descriptionHTML ?? "-",
                       page.zip ?? "-", page.zipLabel]
            links(page.breadcrumbs)
            pieces.append(page.hero?.page ?? "no hero")
            photo(page.hero?.photo)
            for card in page.cards {
                pieces += [card.title, card.href, String(card.count), card.countText, String(card.locked)]
                photo(card.cover)
            }
            pieces.append(String(page.photos.count))
            page.photos.forEach(photo)
        case .photo(let page):
            pieces += ["photo", page.path, String(page.depth), page.albumTitle]
            links(page.breadcrumbs)
            photo(page.photo)
            link(page.previous)
            photo(page.next)  // its picture is preloaded
        case .sitemap(let pages):
            pieces += ["sitemap"] + pages
        case .feed(let page):
            pieces.append("feed")
            for entry in page.entries {
                pieces.append(entry.path)
                photo(entry.photo)
            }
        }
        return SourceHash.of(texts: pieces)
    }
}
