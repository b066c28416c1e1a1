import Foundation
import Mustache

/// A file the render step produced, relative to the output folder.
public struct RenderedFile: Sendable, Equatable {
    public var path: String
    public var contents: String
}

/// Renders the gallery's files (`PageSpec`) with the theme's templates: the
/// stylesheet, album pages and photo pages.
public struct SiteRenderer {
    public var library: MustacheLibrary
    public var layout: ThemeLayout
    public var siteTitle: String
    var pages: PageMap

    public init(library: MustacheLibrary, layout: ThemeLayout, siteTitle: String) {
        self.library = library
        self.layout = layout
        self.siteTitle = siteTitle
        pages = PageMap(siteTitle: siteTitle)
    }

    /// Photos on one album page.
    public var pageSize: Int {
        get { pages.pageSize }
        set { pages.pageSize = newValue }
    }

    /// Whether photo pages show camera, lens and exposure (`photo_details`).
    public var showsDetails = true

    /// The published address (`base_url`): share tags, sitemap and feed.
    public var baseURL: String? {
        get { pages.baseURL }
        set { pages.baseURL = newValue }
    }

    /// Grid images loaded eagerly (above the fold).
    public var eagerCount: Int {
        get { pages.eagerCount }
        set { pages.eagerCount = newValue }
    }

    /// Every file of a site whose records are all in memory (small sites, tests).
    public func render(_ root: PlannedAlbum, results: [String: ProcessedImage]) throws(BuildError) -> [RenderedFile] {
        var summaries: [String: ImageSummary] = [:]
        for (source, image) in results {
            summaries[source] = ImageSummary(digest: "", captureDate: image.metadata.captureDate)
        }
        var files: [RenderedFile] = []
        try pages.forEach(BuiltAlbum(root, summaries: summaries)) { (spec) throws(BuildError) in
            files.append(RenderedFile(path: spec.path, contents: try render(spec, results: results)))
        }
        return files
    }

    /// One file; `results` holds at least the records `spec.sources` names.
    func render(_ spec: PageSpec, results: [String: ProcessedImage]) throws(BuildError) -> String {
        switch spec {
        case .stylesheet: try render("style.css", stylesheetContext)
        case .script: try render("photo.js", [:])
        case .album(let page): try renderAlbum(page, results: results)
        case .photo(let page): try renderPhoto(page, results: results)
        case .sitemap(let pages): try render("sitemap.xml", ["urls": pages.map { ["url": (baseURL ?? "") + $0] }])
        case .feed(let page): try renderFeed(page, results: results)
        }
    }

    func record(_ photo: BuiltAlbum.Photo, in results: [String: ProcessedImage]) throws(BuildError) -> ProcessedImage {
        guard let image = results[photo.source] else {
            throw BuildError(.render, path: photo.source, "has no record in the build database; run the build again")
        }
        return image
    }

    /// An album's grid page: sub-album cards on the first page, then its
    /// photos, the first `eagerCount` images loaded eagerly.
    private func renderAlbum(_ page: PageSpec.AlbumPage, results: [String: ProcessedImage]) throws(BuildError) -> String {
        let root = String(repeating: "../", count: page.depth)
        let pictures = PictureBuilder(layout: layout)
        var cards: [[String: Any]] = []
        for (index, card) in page.cards.enumerated() {
            var context: [String: Any] = ["title": card.title, "href": card.href, "count": card.count]
            if let cover = card.cover {
                let image = try record(cover, in: results)
                context["picture"] = pictures.grid(image, alt: alt(image, cover), root: root, eager: index < page.eagerCount)
            }
            cards.append(context)
        }
        let eagerLeft = page.pageIndex == 0 ? max(0, page.eagerCount - cards.count) : page.eagerCount
        var photos: [[String: Any]] = []
        for (index, photo) in page.photos.enumerated() {
            let image = try record(photo, in: results)
            photos.append([
                "href": photo.planned.pageName, "title": photo.planned.title,
                "picture": pictures.grid(image, alt: alt(image, photo), root: root, eager: index < eagerLeft),
            ])
        }
        let pager: [[String: Any]] = page.pageCount < 2 ? [] : (0..<page.pageCount).map {
            ["number": $0 + 1, "href": PageMap.pageName($0), "current": $0 == page.pageIndex]
        }
        let first = page.photos.first ?? page.cards.lazy.compactMap(\.cover).first
        let shared = try first.map { photo throws(BuildError) in
            let image = try record(photo, in: results)
            return (image, alt(image, photo))
        }
        var context: [String: Any] = base(root: root, title: page.title, breadcrumbs: page.breadcrumbs).merging([
            "albums": cards, "hasAlbums": !cards.isEmpty, "photos": photos, "hasPhotos": !photos.isEmpty,
            "pages": pager, "hasPages": !pager.isEmpty, "photoCount": page.photoCount, "singular": page.photoCount == 1,
        ]) { $1 }
        context["share"] = share(path: page.path, title: page.title ?? siteTitle, image: shared)
        return try render(page.isRoot ? "index" : "album", context)
    }

    /// A photo's page: the large view, its caption and credit, and
    /// previous/next in album order.
    private func renderPhoto(_ page: PageSpec.PhotoPage, results: [String: ProcessedImage]) throws(BuildError) -> String {
        let root = String(repeating: "../", count: page.depth)
        let image = try record(page.photo, in: results)
        let link = { (photo: BuiltAlbum.Photo) -> [String: Any] in ["href": photo.planned.pageName, "title": photo.planned.title] }
        var context = base(root: root, title: page.photo.planned.title, breadcrumbs: page.breadcrumbs)
        context["picture"] = PictureBuilder(layout: layout).photo(image, alt: alt(image, page.photo), root: root)
        context["caption"] = image.metadata.caption.flatMap(CameraCaption.real)
        context["captureDate"] = image.metadata.captureDate
        context["captureDateText"] = image.metadata.captureDate.map(Self.readableDate)
        context["credit"] = Self.credit(image.metadata)
        if showsDetails, let items = image.metadata.details?.items, !items.isEmpty {
            context["details"] = items.map { ["label": $0.label, "value": $0.value] }
            context["hasDetails"] = true
        }
        context["previous"] = page.previous.map(link)
        context["next"] = page.next.map(link)
        context["albumHref"] = "index.html"
        context["albumTitle"] = page.albumTitle
        context["share"] = share(path: page.path, title: page.photo.planned.title, image: (image, alt(image, page.photo)))
        return try render("photo", context)
    }

    /// Alt text: the caption when there is one, else the title. Captions
    /// are checked again here: records cached before a firmware text was
    /// known still carry it.
    func alt(_ image: ProcessedImage, _ photo: BuiltAlbum.Photo) -> String {
        image.metadata.caption.flatMap(CameraCaption.real) ?? photo.planned.title
    }

    private func base(root: String, title: String?, breadcrumbs: [PageSpec.Link]) -> [String: Any] {
        var context: [String: Any] = [
            "siteTitle": siteTitle, "root": root, "breadcrumbs": breadcrumbs.map { ["title": $0.title, "href": $0.href] },
            "hasBreadcrumbs": !breadcrumbs.isEmpty,
        ]
        context["pageTitle"] = title
        return context
    }

    private var stylesheetContext: [String: Any] {
        [
            "contentMaxWidth": layout.contentMaxWidth, "pagePadding": layout.pagePadding, "gap": layout.gap,
            "cellAspect": "\(layout.cellAspect)", "photoMaxWidth": layout.photoMaxWidth,
            "firstColumns": layout.gridColumns[0].columns,
            "breakpoints": layout.gridColumns.dropFirst().map { ["minViewport": $0.minViewport, "columns": $0.columns] },
        ]
    }

    func render(_ template: String, _ context: [String: Any]) throws(BuildError) -> String {
        guard let html = library.render(context, withTemplate: template) else {
            throw BuildError(.render, path: "templates/\(template).mustache", "is missing from the theme")
        }
        return html
    }

    /// "2008-10-22T16:28:39" → "2008-10-22 16:28".
    static func readableDate(_ iso: String) -> String {
        String(iso.prefix(16)).replacingOccurrences(of: "T", with: " ")
    }

    static func credit(_ metadata: KeptMetadata) -> String? {
        switch (metadata.artist, metadata.copyright) {
        case let (artist?, copyright?): copyright.contains(artist) ? copyright : "\(artist) · \(copyright)"
        case let (artist?, nil): "Photo: \(artist)"
        case let (nil, copyright?): copyright
        case (nil, nil): nil
        }
    }
}
