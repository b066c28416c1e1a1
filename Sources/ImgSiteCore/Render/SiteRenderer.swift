import Mustache

/// A file the render step produced, relative to the output folder.
public struct RenderedFile: Sendable, Equatable {
    public var path: String
    public var contents: String
}

/// Renders the gallery: index, album pages (paginated), photo pages and
/// the stylesheet, from the planned albums and the processed images.
public struct SiteRenderer {
    public var library: MustacheLibrary
    public var layout: ThemeLayout
    public var siteTitle: String
    /// Photos on one album page; 120 fills whole rows at 2–5 columns.
    public var pageSize = 120
    /// Grid images loaded eagerly (above the fold: two rows at 5 columns).
    public var eagerCount = 10

    public init(library: MustacheLibrary, layout: ThemeLayout, siteTitle: String) {
        self.library = library
        self.layout = layout
        self.siteTitle = siteTitle
    }

    /// Renders every file and hands each to `emit` as soon as it is made, so
    /// a site of any size never holds more than one page in memory.
    public func render(
        _ root: PlannedAlbum, results: [String: ProcessedImage], each emit: (RenderedFile) throws(BuildError) -> Void
    ) throws(BuildError) {
        let built = BuiltAlbum(root, results: results)
        try emit(RenderedFile(path: "_assets/style.css", contents: try render("style.css", stylesheetContext)))
        try renderAlbum(built, ancestors: [], emit: emit)
    }

    /// Every file, collected (small sites and tests).
    public func render(_ root: PlannedAlbum, results: [String: ProcessedImage]) throws(BuildError) -> [RenderedFile] {
        var files: [RenderedFile] = []
        try render(root, results: results) { files.append($0) }
        return files
    }

    private typealias Emit = (RenderedFile) throws(BuildError) -> Void

    private func renderAlbum(_ album: BuiltAlbum, ancestors: [BuiltAlbum], emit: Emit) throws(BuildError) {
        // The site title in the header already links to the root: crumbs start below it.
        let breadcrumbs = ancestors.enumerated().dropFirst().map { index, ancestor -> [String: Any] in
            ["title": ancestor.title, "href": String(repeating: "../", count: album.depth - index) + "index.html"]
        }
        try renderAlbumPages(album, breadcrumbs: breadcrumbs, emit: emit)
        let crumbsHere = album.depth == 0 ? breadcrumbs : breadcrumbs + [["title": album.title, "href": "index.html"]]
        try renderPhotoPages(album, breadcrumbs: crumbsHere, emit: emit)
        for child in album.children {
            try renderAlbum(child, ancestors: ancestors + [album], emit: emit)
        }
    }

    /// The album's grid: sub-album cards on the first page, then its photos,
    /// `pageSize` a page, the first `eagerCount` images loaded eagerly.
    private func renderAlbumPages(_ album: BuiltAlbum, breadcrumbs: [[String: Any]], emit: Emit) throws(BuildError) {
        let root = String(repeating: "../", count: album.depth)
        let pictures = PictureBuilder(layout: layout)
        let cards: [[String: Any]] = album.children.enumerated().map { index, child in
            var card: [String: Any] = ["title": child.title, "href": child.slug + "/index.html", "count": child.totalCount]
            if let cover = child.cover {
                card["picture"] = pictures.grid(cover.image, alt: cover.alt, root: root, eager: index < eagerCount)
            }
            return card
        }
        let chunks = stride(from: 0, to: max(album.photos.count, 1), by: pageSize).map {
            Array(album.photos[$0..<min($0 + pageSize, album.photos.count)])
        }
        for (pageIndex, chunk) in chunks.enumerated() {
            let eagerLeft = pageIndex == 0 ? max(0, eagerCount - cards.count) : eagerCount
            let photos: [[String: Any]] = chunk.enumerated().map { index, photo in
                ["href": photo.planned.pageName, "title": photo.planned.title,
                 "picture": pictures.grid(photo.image, alt: photo.alt, root: root, eager: index < eagerLeft)]
            }
            let pages: [[String: Any]] = chunks.count < 2 ? [] : (0..<chunks.count).map {
                ["number": $0 + 1, "href": Self.pageName($0), "current": $0 == pageIndex]
            }
            let context: [String: Any] = base(root: root, title: album.depth == 0 ? nil : album.title, breadcrumbs: breadcrumbs)
                .merging([
                    "albums": pageIndex == 0 ? cards : [], "hasAlbums": pageIndex == 0 && !cards.isEmpty,
                    "photos": photos, "hasPhotos": !photos.isEmpty, "pages": pages, "hasPages": !pages.isEmpty,
                    "photoCount": album.photos.count, "singular": album.photos.count == 1,
                ]) { $1 }
            let template = album.depth == 0 ? "index" : "album"
            try emit(RenderedFile(path: album.folder + Self.pageName(pageIndex), contents: try render(template, context)))
        }
    }

    /// One page per photo: the large view, its caption and credit, and
    /// previous/next in album order.
    private func renderPhotoPages(_ album: BuiltAlbum, breadcrumbs: [[String: Any]], emit: Emit) throws(BuildError) {
        let root = String(repeating: "../", count: album.depth)
        let pictures = PictureBuilder(layout: layout)
        let link = { (photo: BuiltAlbum.Photo) -> [String: Any] in ["href": photo.planned.pageName, "title": photo.planned.title] }
        for (index, photo) in album.photos.enumerated() {
            var context = base(root: root, title: photo.planned.title, breadcrumbs: breadcrumbs)
            context["picture"] = pictures.photo(photo.image, alt: photo.alt, root: root)
            context["caption"] = photo.image.metadata.caption
            context["captureDate"] = photo.image.metadata.captureDate
            context["captureDateText"] = photo.image.metadata.captureDate.map(Self.readableDate)
            context["credit"] = Self.credit(photo.image.metadata)
            context["previous"] = index > 0 ? link(album.photos[index - 1]) : nil
            context["next"] = index + 1 < album.photos.count ? link(album.photos[index + 1]) : nil
            context["albumHref"] = "index.html"
            context["albumTitle"] = album.depth == 0 ? siteTitle : album.title
            try emit(RenderedFile(path: album.folder + photo.planned.pageName, contents: try render("photo", context)))
        }
    }

    private func base(root: String, title: String?, breadcrumbs: [[String: Any]]) -> [String: Any] {
        var context: [String: Any] = [
            "siteTitle": siteTitle, "root": root, "breadcrumbs": breadcrumbs, "hasBreadcrumbs": !breadcrumbs.isEmpty,
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

    private func render(_ template: String, _ context: [String: Any]) throws(BuildError) -> String {
        guard let html = library.render(context, withTemplate: template) else {
            throw BuildError(.render, path: "templates/\(template).mustache", "is missing from the theme")
        }
        return html
    }

    /// Page 1 is index.html; later pages index_2.html… ("_" never occurs in a slug).
    static func pageName(_ index: Int) -> String { index == 0 ? "index.html" : "index_\(index + 1).html" }

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
