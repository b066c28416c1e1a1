import ImgSiteMedia
import ImgSitePlanning

/// Every file of the site as a `PageSpec`: the stylesheet, each album's grid
/// pages (`pageSize` photos each) and one page per photo, walked album by
/// album; with a `base_url`, then the sitemap and the feed.
struct PageMap: Sendable {
    var siteTitle: String
    /// The published address (`base_url`): sitemap and feed are made only with it.
    var baseURL: String?
    /// Photos in the Atom feed: the newest by capture date.
    var feedSize = 20
    /// Photos on one album page; 120 fills whole rows at 2–5 columns.
    var pageSize = PageMap.photosPerPage
    static let photosPerPage = 120
    /// Whether each album with photos gets a zip of their downloads (`album_zip`).
    var albumZips = false
    /// The theme's words: what cards and zip links say.
    var words = Words.english

    func forEach(_ root: BuiltAlbum, _ body: (PageSpec) throws(BuildError) -> Void) throws(BuildError) {
        try body(.stylesheet)
        try body(.script)
        if Self.hasPrivate(root) { try body(.privateScript) }
        guard baseURL != nil else { return try walk(root, ancestors: [], body) }
        var pages: [String] = []
        var photos: [PageSpec.FeedEntry] = []
        // Hidden albums' and photos' pages are built but left out of the sitemap and the feed.
        let hidden = Self.hiddenFolders(root)
        try walk(root, ancestors: []) { (spec) throws(BuildError) in
            // A private album's unlock page and worker: found through its link, not by crawlers.
            let isHidden = Self.isUnlisted(spec, hiddenFolders: hidden)
            if !isHidden { pages.append(spec.path) }
            if case .photo(let page) = spec, !isHidden { photos.append(PageSpec.FeedEntry(photo: page.photo, path: page.path)) }
            try body(spec)
        }
        try body(.sitemap(pages: pages))
        try body(.feed(PageSpec.FeedPage(entries: Self.newest(photos, count: feedSize))))
    }

    static func hasPrivate(_ album: BuiltAlbum) -> Bool {
        album.privacy != nil || album.children.contains(where: hasPrivate)
    }

    /// The output folders of hidden albums ("trips/secret/"), and of those
    /// that show nothing (every photo hidden), with what is below them.
    static func hiddenFolders(_ album: BuiltAlbum) -> [String] {
        album.hidden || album.showsNothing ? [album.folder] : album.children.flatMap(hiddenFolders)
    }

    /// The sources no public list names (manifest, sitemap, feed, zips):
    /// hidden photos, and every photo of a hidden album or one that shows nothing.
    static func unlistedSources(_ album: BuiltAlbum) -> Set<String> {
        if album.hidden || album.showsNothing { return Set(album.photos.map(\.source)).union(album.children.flatMap(everySource)) }
        return Set(album.photos.filter(\.hidden).map(\.source)).union(album.children.flatMap(unlistedSources))
    }

    private static func everySource(_ album: BuiltAlbum) -> [String] {
        album.photos.map(\.source) + album.children.flatMap(everySource)
    }

    /// Whether `spec` is left out of every public list: a hidden photo's
    /// page, a page below `hiddenFolders`, a private album's door.
    static func isUnlisted(_ spec: PageSpec, hiddenFolders: [String]) -> Bool {
        if case .photo(let page) = spec, page.photo.hidden { return true }
        return spec.isPrivateDoor || hiddenFolders.contains { spec.path.hasPrefix($0) }
    }

    /// The `count` newest photos by capture date; undated ones after, in site order.
    static func newest(_ photos: [PageSpec.FeedEntry], count: Int) -> [PageSpec.FeedEntry] {
        let order = photos.indices.sorted { a, b in
            switch (photos[a].photo.summary.captureDate, photos[b].photo.summary.captureDate) {
            case let (x?, y?) where x != y: x > y
            case (.some, nil): true
            case (nil, .some): false
            default: a < b
            }
        }
        return order.prefix(count).map { photos[$0] }
    }

    private func walk(_ album: BuiltAlbum, ancestors: [BuiltAlbum], _ body: (PageSpec) throws(BuildError) -> Void) throws(BuildError) {
        // The site title in the header already links to the root: crumbs start below it.
        let breadcrumbs = ancestors.enumerated().dropFirst().map { index, ancestor in
            PageSpec.Link(title: ancestor.title, href: String(repeating: "../", count: album.depth - index) + "index.html")
        }
        let cards = album.shownChildren.map {
            PageSpec.Card(title: $0.title, href: $0.slug + "/index.html", count: $0.totalCount, countText: $0.countText, cover: $0.cover)
        } + album.lockedChildren.map { child in
            let address = child.privacy!.address.split(separator: "/").last!
            // "Private album" once: as its count beside its title, or as its title.
            let titled = child.privacy!.settings.titlePublic
            return PageSpec.Card(title: publicTitle(child), href: address + "/index.html", count: 0, countText: titled ? words.text("private_album") : "",
                                 cover: nil, locked: true)
        }
        if let privacy = album.privacy {
            try body(.unlock(PageSpec.UnlockPage(
                path: privacy.address + "/index.html", title: publicTitle(album), depth: privacy.address.split(separator: "/").count,
                salt: privacy.salt, rounds: privacy.rounds)))
            try body(.serviceWorker(address: privacy.address))
        }
        let grid = album.gridPhotos
        let pageCount = max(1, (grid.count + pageSize - 1) / pageSize)
        let longStory = album.descriptionHTML.map(ThemeLayout.isLongStory) ?? false
        for pageIndex in 0..<pageCount {
            let start = pageIndex * pageSize
            let photos = Array(grid[start..<min(start + pageSize, grid.count)])
            try body(.album(PageSpec.AlbumPage(
                path: album.folder + Self.pageName(pageIndex), title: album.depth == 0 ? nil : album.title, depth: album.depth,
                breadcrumbs: breadcrumbs, pageIndex: pageIndex, pageCount: pageCount, photos: photos, photoCount: grid.count,
                countText: album.countText,
                cards: pageIndex == 0 ? cards : [], isRoot: album.depth == 0, hero: pageIndex == 0 ? album.hero : nil,
                descriptionHTML: pageIndex == 0 ? album.descriptionHTML : nil, longStory: pageIndex == 0 && longStory,
                zip: pageIndex == 0 && albumZips && !grid.isEmpty ? Self.zipName(album) : nil, zipLabel: words.download(MediaCount(grid)))))
        }
        let crumbsHere = album.depth == 0 ? breadcrumbs : breadcrumbs + [PageSpec.Link(title: album.title, href: "index.html")]
        // Previous and next step over hidden photos (a hidden photo's own page links to its shown neighbours).
        for (index, photo) in album.photos.enumerated() {
            try body(.photo(PageSpec.PhotoPage(
                path: album.folder + photo.planned.pageName, depth: album.depth, breadcrumbs: crumbsHere, photo: photo,
                previous: album.photos[..<index].last { !$0.hidden }.map(PageSpec.Neighbour.init),
                next: album.photos[(index + 1)...].first { !$0.hidden },
                albumTitle: album.depth == 0 ? siteTitle : album.title)))
        }
        for child in album.children {
            try walk(child, ancestors: ancestors + [album], body)
        }
    }

    /// What a private album's card and unlock page call it: its title only with `title_public`.
    func publicTitle(_ album: BuiltAlbum) -> String {
        album.privacy?.settings.titlePublic == true ? album.title : words.text("private_album")
    }

    /// An album's zip, in its folder: "skye.zip" (the front page's: "photos.zip").
    static func zipName(_ album: BuiltAlbum) -> String { (album.depth == 0 ? "photos" : album.slug) + ".zip" }

    /// Page 1 is index.html; later pages index_2.html… ("_" never occurs in a slug).
    static func pageName(_ index: Int) -> String { index == 0 ? "index.html" : "index_\(index + 1).html" }
}
