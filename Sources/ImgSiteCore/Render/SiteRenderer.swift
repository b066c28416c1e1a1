import Foundation
import ImgSiteMedia
import ImgSitePlanning
import Mustache

/// A file the render step produced, relative to the output folder.
public struct RenderedFile: Sendable, Equatable {
    public var path: String
    public var contents: String
}

/// Renders the gallery's files (`PageSpec`) with the theme's templates: the
/// stylesheet, album pages and photo pages.
public struct SiteRenderer: Sendable {
    public var library: MustacheLibrary
    /// Every option that shapes the pages: the renderer reads them there.
    public var options: PageOptions

    public init(library: MustacheLibrary, options: PageOptions) {
        self.library = library
        self.options = options
    }

    public init(library: MustacheLibrary, layout: ThemeLayout, siteTitle: String) {
        self.init(library: library, options: PageOptions(siteTitle: siteTitle, layout: layout))
    }

    var pages: PageMap { options.pages }
    public var layout: ThemeLayout { options.layout }
    public var siteTitle: String { options.siteTitle }
    var showsDetails: Bool { options.showsDetails }
    var downloads: DownloadPolicy { options.downloads }
    var baseURL: String? { options.baseURL }
    var words: Words { options.words }

    /// Every file of a site whose records are all in memory (small sites, tests).
    public func render(_ root: PlannedAlbum, results: [String: ProcessedImage]) throws(BuildError) -> [RenderedFile] {
        var summaries: [String: ImageSummary] = [:]
        for (source, image) in results {
            summaries[source] = ImageSummary(digest: "", image.metadata)
        }
        var files: [RenderedFile] = []
        try pages.forEach(BuiltAlbum(root, summaries: summaries, words: options.words)) { (spec) throws(BuildError) in
            files.append(RenderedFile(path: spec.path, contents: try render(spec, results: results)))
        }
        return files
    }

    /// One file; `results` holds at least the records `spec.sources` names.
    func render(_ spec: PageSpec, results: [String: ProcessedImage]) throws(BuildError) -> String {
        switch spec {
        case .stylesheet: CompactCSS.compact(try render("style.css", stylesheetContext))
        case .script: try render("photo.js", ScriptContext(slideshowMilliseconds: Int((options.slideshowSeconds * 1000).rounded())))
        case .album(let page): try renderAlbum(page, results: results)
        case .photo(let page): try renderPhoto(page, results: results)
        case .sitemap(let pages): try render("sitemap.xml", SitemapContext(urls: pages.map { .init(url: (baseURL ?? "") + $0) }))
        case .feed(let page): try renderFeed(page, results: results)
        case .unlock(let page): try renderUnlock(page)
        case .serviceWorker: try render("sw.js", ScriptContext())
        case .privateScript: try render("private.js", ScriptContext())
        }
    }

    func record(_ photo: BuiltAlbum.Photo, in results: [String: ProcessedImage]) throws(BuildError) -> ProcessedImage {
        guard let image = results[photo.source] else {
            throw BuildError(path: photo.source, "has no record in the build database; run the build again")
        }
        return image
    }

    /// An album's grid page: sub-album cards on the first page, then its
    /// photos in justified rows; those in view at `layout.eagerViewport`
    /// load eagerly.
    private func renderAlbum(_ page: PageSpec.AlbumPage, results: [String: ProcessedImage]) throws(BuildError) -> String {
        let root = String(repeating: "../", count: page.depth)
        let pictures = PictureBuilder(layout: layout)
        var covers: [(photo: BuiltAlbum.Photo, image: ProcessedImage)] = []
        for card in page.cards {
            if let cover = card.cover { covers.append((cover, try record(cover, in: results))) }
        }
        var images: [ProcessedImage] = []
        for photo in page.photos { images.append(try record(photo, in: results)) }
        let heroImage = try page.hero.map { hero throws(BuildError) in try record(hero.photo, in: results) }
        let (longStory, storyBeside) = (page.longStory, page.storyBeside)
        let inView = FirstView(layout: layout, viewport: layout.eagerViewport)
            .aboveFold(hero: heroImage, cards: covers.map(\.image), photos: images, isRoot: page.isRoot, story: storyBeside).count
            - (heroImage == nil ? 0 : 1)
        let eagerCards = min(inView, covers.count), eagerLeft = inView - eagerCards
        var cards: [AlbumCard] = [], coverIndex = 0
        for card in page.cards {
            var context = AlbumCard(title: card.title, href: card.href, count: card.count, singular: card.count == 1, countText: card.countText)
            context.locked = card.locked
            if card.cover != nil {
                let (cover, image) = covers[coverIndex]
                context.picture = pictures.card(image, alt: alt(image, cover), root: root, cards: page.cards.count, eager: coverIndex < eagerCards)
                coverIndex += 1
            }
            cards.append(context)
        }
        let shares = layout.rowShares(aspects: images.map(\.aspect))
        let settling = Self.settlingPhoto(count: images.count, inView: eagerLeft)
        let photos = zip(page.photos, images).enumerated().map { index, pair in
            let (photo, image) = pair
            return GridPhoto(
                href: photo.planned.pageName, title: photo.title, aspect: layout.number(image.aspect),
                picture: pictures.row(image, shares: shares[index], story: storyBeside, alt: alt(image, photo), root: root, eager: index < eagerLeft),
                settles: index == settling, duration: image.clip?.duration)
        }
        let pager = page.pageCount < 2 ? [] : (0..<page.pageCount).map {
            PagerLink(number: $0 + 1, href: PageMap.pageName($0), current: $0 == page.pageIndex)
        }
        var heroContext: HeroContext?
        if let hero = page.hero, let image = heroImage {
            heroContext = HeroContext(href: root + hero.page, aspect: layout.number(image.aspect), picture: pictures.hero(image, alt: alt(image, hero.photo), root: root))
        }
        let first = page.hero?.photo ?? page.photos.first ?? page.cards.lazy.compactMap(\.cover).first
        let shared = try first.map { photo throws(BuildError) in
            let image = try record(photo, in: results)
            return (image, alt(image, photo))
        }
        let common = common(root: root, title: page.title, breadcrumbs: page.breadcrumbs,
                            share: share(path: page.path, title: page.title ?? siteTitle, image: shared), path: page.path)
        let content = AlbumContent(
            hero: heroContext, albums: cards, hasAlbums: !cards.isEmpty, cardColumns: layout.cardColumns(cards: cards.count), photos: photos, hasPhotos: !photos.isEmpty,
            pages: pager, hasPages: !pager.isEmpty, photoCount: page.photoCount, singular: page.photoCount == 1, countText: page.countText,
            description: page.descriptionHTML, longStory: longStory, storyBeside: storyBeside,
            download: page.zip.map { DownloadContext(href: $0, fileName: $0, label: page.zipLabel, size: "zip") })
        return try render(page.isRoot ? "index" : "album", PageContext(common: common, content: content))
    }

    /// The photo whose arrival lets the album page paint (`<link rel=expect
    /// blocking=render>`). A justified row is final only once the photo
    /// after it is parsed, so a page painted from half its HTML (a slow
    /// network, a busy CPU) would reflow the rows in view: a layout shift.
    /// Twice the photos in view at `eagerViewport` settles every row a
    /// screen shows without waiting for the whole page.
    static func settlingPhoto(count: Int, inView: Int) -> Int {
        min(count, max(2 * inView, 1)) - 1
    }

    /// A photo's page: the large view, its caption and credit, and
    /// previous/next in album order.
    private func renderPhoto(_ page: PageSpec.PhotoPage, results: [String: ProcessedImage]) throws(BuildError) -> String {
        let root = String(repeating: "../", count: page.depth)
        let image = try record(page.photo, in: results)
        let link = { (title: String, pageName: String, arrow: String) in
            LinkContext(title: title, href: pageName, label: words.text(arrow, ["title": title]))
        }
        let title = page.photo.title
        let common = common(root: root, title: title, breadcrumbs: page.breadcrumbs,
                            share: share(path: page.path, title: title, image: (image, alt(image, page.photo))), path: page.path)
        let details = showsDetails ? image.metadata.details?.items ?? [] : []
        // The next page's own picture, loaded by the page's script once this one has loaded.
        let nextPicture = try page.next.map { next throws(BuildError) in largeView(try record(next, in: results), next, root: root).picture }
        let view = largeView(image, page.photo, root: root), picture = view.picture
        let video = image.clip.map { clip in
            VideoContext(poster: picture.src, width: picture.width, height: picture.height, style: picture.style, label: picture.alt,
                         duration: clip.duration, sources: VideoSources.of(image, root: root))
        }
        let motion = image.motion.isEmpty ? nil : VideoContext(
            poster: picture.src, width: picture.width, height: picture.height, style: picture.style, label: picture.alt, duration: "",
            sources: VideoSources.motion(image, root: root))
        let content = PhotoContent(
            picture: picture, widths: view.widths, video: video, motion: motion, nextPicture: nextPicture,
            caption: image.metadata.caption.flatMap(CameraCaption.real), captureDate: image.metadata.captureDate,
            captureDateText: image.metadata.captureDate.map(words.dateTime), credit: credit(image.metadata),
            details: details.map(detail), hasDetails: !details.isEmpty,
            download: DownloadContext(image, policy: downloads, root: root, words: words),
            previous: page.previous.map { link($0.title, $0.pageName, "previous") },
            next: page.next.map { link($0.title, $0.planned.pageName, "next") }, nextPage: page.next?.planned.pageName,
            albumHref: "index.html", albumTitle: page.albumTitle)
        return try render("photo", PageContext(common: common, content: content))
    }

    /// A details row in the site's language: its label's word, and a measure's decimal mark ("f/5,6").
    private func detail(_ item: (label: String, value: String)) -> DetailContext {
        DetailContext(label: words.text(item.label), value: PhotoDetails.measured.contains(item.label) ? words.decimals(item.value) : item.value)
    }

    /// The photo page's picture of `image`, fitted to the viewport with
    /// room for the page's title, caption, credit, date and details.
    private func largeView(_ image: ProcessedImage, _ photo: BuiltAlbum.Photo, root: String) -> PictureBuilder.LargeView {
        let download = DownloadContext(image, policy: downloads, root: root, words: words).map { "\($0.label) \($0.size)" }
        let texts = [image.metadata.caption.flatMap(CameraCaption.real), credit(image.metadata), download].compactMap { $0 }
        let details = showsDetails ? image.metadata.details?.items.count ?? 0 : 0
        let reserve = layout.photoReserve(title: photo.title, texts: texts, dated: image.metadata.captureDate != nil, detailRows: details)
        return PictureBuilder(layout: layout).photo(image, alt: alt(image, photo), root: root, reserve: reserve)
    }

    /// Alt text: a sidecar's `alt:`, else the caption, else the title. Captions
    /// are checked again here: records cached before a firmware text was
    /// known still carry it.
    func alt(_ image: ProcessedImage, _ photo: BuiltAlbum.Photo) -> String {
        image.metadata.alt ?? image.metadata.caption.flatMap(CameraCaption.real) ?? photo.title
    }

    /// `path`: the page's, to tell a private album's pages.
    private func common(root: String, title: String?, breadcrumbs: [PageSpec.Link], share: ShareContext?, path: String) -> PageCommon {
        let address = options.privateAddresses.first { path.hasPrefix($0 + "/") }
        return PageCommon(
            siteTitle: siteTitle, root: root, pageTitle: title,
            breadcrumbs: breadcrumbs.map { LinkContext(title: $0.title, href: $0.href, label: $0.title) }, hasBreadcrumbs: !breadcrumbs.isEmpty,
            share: address == nil ? share : nil,
            privateHome: address.map { String(repeating: "../", count: path.dropFirst($0.count + 1).filter { $0 == "/" }.count) },
            language: words.language, rightToLeft: words.direction == "rtl", words: words)
    }

    /// A private album's address: the form that asks for its password (`templates/unlock.mustache`).
    private func renderUnlock(_ page: PageSpec.UnlockPage) throws(BuildError) -> String {
        let common = PageCommon(siteTitle: siteTitle, root: String(repeating: "../", count: page.depth), pageTitle: page.title,
                                breadcrumbs: [], hasBreadcrumbs: false, language: words.language, rightToLeft: words.direction == "rtl", words: words)
        return try render("unlock", PageContext(common: common, content: UnlockContent(salt: page.salt, rounds: page.rounds)))
    }

    private var stylesheetContext: StylesheetContext {
        StylesheetContext(
            contentMaxWidth: layout.contentMaxWidth, pagePadding: layout.pagePadding, gap: layout.gap,
            cellAspect: "\(layout.cellAspect)", firstColumns: layout.gridColumns[0].columns,
            breakpoints: Array(layout.gridColumns.dropFirst()),
            cardCaps: layout.cardCaps.map { CardCap(minViewport: $0.minViewport, cards: $0.cards) },
            storyViewport: layout.storyViewport, storyColumn: ThemeLayout.storyColumn, storyGap: ThemeLayout.storyGap,
            captionMedia: layout.captionMedia, captionColumn: ThemeLayout.captionColumn, captionGap: ThemeLayout.captionGap,
            heroAspect: layout.number(ThemeLayout.heroBands[0].aspect), heroGap: ThemeLayout.heroGap,
            heroBands: ThemeLayout.heroBands.dropFirst().map { HeroBand(minViewport: $0.minViewport, aspect: layout.number($0.aspect)) },
            rowGap: String(format: "%.2f", layout.rowGap * 100), firstRowHeight: layout.rowBands[0].rowHeight,
            rowBands: Array(layout.rowBands.dropFirst()),
            accent: options.palette.accentLight.hex, accentDark: options.palette.accentDark.hex,
            backdrop: options.palette.backdrop.map { BackdropContext(color: $0.color.hex, text: $0.text.hex, muted: $0.muted.hex, accent: $0.accent.hex) })
    }

    func render(_ template: String, _ context: Any) throws(BuildError) -> String {
        guard let html = library.render(context, withTemplate: template) else {
            throw BuildError(path: "templates/\(template).mustache", "is missing from the theme")
        }
        return html
    }

    func credit(_ metadata: KeptMetadata) -> String? {
        switch (metadata.artist, metadata.copyright) {
        case let (artist?, copyright?): copyright.contains(artist) ? copyright : "\(artist) · \(copyright)"
        case let (artist?, nil): words.text("credit", ["artist": artist])
        case let (nil, copyright?): copyright
        case (nil, nil): nil
        }
    }
}
