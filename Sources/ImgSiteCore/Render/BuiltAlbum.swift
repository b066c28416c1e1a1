import ImgSitePlanning

/// An album as it will be shown: only photos that built, in album order,
/// and only sub-albums that still hold something. Built from summaries, so
/// planning the pages of a large site reads no full image record.
struct BuiltAlbum: Sendable {
    /// What pages show of a photo: its page's name, its heading, and its
    /// summary's digest (its files and metadata); encoded so, into the digest
    /// of every page that shows it (`PageSpec`).
    struct Photo: Sendable, Encodable {
        var planned: PlannedPhoto
        var summary: ImageSummary
        /// Its sidecar's title, else its file name's (set again once the
        /// album's order is known: `heading`).
        var title: String
        var source: String { planned.job.source.relativePath }
        var isClip: Bool { planned.job.source.clip != nil }

        init(planned: PlannedPhoto, summary: ImageSummary) {
            (self.planned, self.summary, title) = (planned, summary, summary.title ?? planned.title)
        }

        /// Its title, unless a camera named it ("IMG_4412"): then the day
        /// it was taken, else its kind and `number`, its place in the album ("Clip 4").
        func heading(number: Int, _ words: Words) -> String {
            guard summary.title == nil, planned.namedByCamera else { return title }
            return summary.captureDate.flatMap(words.day) ?? words.text(isClip ? "clip_number" : "photo_number", ["n": words.number(number)])
        }
        /// Hidden by its sidecar: its page is built, no grid shows it.
        var hidden: Bool { summary.hidden }

        enum CodingKeys: String, CodingKey { case page, title, summary }

        func encode(to encoder: any Encoder) throws {
            // A page's digest holds thousands of photos: added to it without a container.
            if let digest = encoder as? DigestEncoder {
                for field in [planned.pageName, title, summary.digest] { digest.sink.text(field) }
                return
            }
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(planned.pageName, forKey: .page)
            try container.encode(title, forKey: .title)
            try container.encode(summary.digest, forKey: .summary)
        }
    }

    var title: String
    var outputPath: String
    /// Every photo with a page here, hidden ones included, in album order.
    private(set) var photos: [Photo]
    /// The photos its grid shows: not hidden.
    let gridPhotos: [Photo]
    /// Every sub-album with something to show, hidden ones included (they
    /// have pages); `shownChildren` are those its page shows.
    let children: [BuiltAlbum]
    /// The sub-albums its page shows (not hidden, something to show).
    let shownChildren: [BuiltAlbum]
    /// Photos and clips shown here and in the sub-albums shown.
    let shown: MediaCount
    var totalCount: Int { shown.total }
    /// "10 photos", "3 photos, 1 clip", or "3 albums, 10 photos" when it shows
    /// sub-albums: said alike on its page and on its card.
    var countText: String { words.media(shown, albums: shownChildren.count) }
    let words: Words
    var descriptionHTML: String?
    var hidden: Bool
    /// A private album's lock (its pages are published sealed by the writer).
    var privacy: PrivateAlbum?
    /// Private sub-albums its page shows as locked cards (`listed: true`).
    let lockedChildren: [BuiltAlbum]
    /// The folder's name as `album_order` lists it ("01-skye").
    var folderName: String
    private var coverName: String?
    /// Where its curation was read ("trip/album.yml") and its input folder, for warnings.
    private var curationFile: String?
    private var inputPath: String

    /// `words`: the site's language, which headings and counts are said in.
    init(_ album: PlannedAlbum, summaries: [String: ImageSummary], words: Words) {
        self.words = words
        title = album.title
        outputPath = album.outputPath
        descriptionHTML = album.descriptionHTML
        hidden = album.hidden
        privacy = album.privacy
        coverName = album.cover
        curationFile = album.filePath
        inputPath = album.inputPath
        folderName = album.folderName
        let ordered = PhotoOrder.sorted(album.photos) { summaries[$0.job.source.relativePath]?.captureDate }
        let built = ordered.compactMap { planned in
            summaries[planned.job.source.relativePath].map { Photo(planned: planned, summary: $0) }
        }
        photos = album.order.map { order in
            order.sorted(built, key: \.planned.fileName, byName: { SourceImage.naturallyBefore($0.planned.job.source, $1.planned.job.source) },
                         date: { photo, _ in photo.summary.captureDate }, title: \.title)
        } ?? built
        for index in photos.indices { photos[index].title = photos[index].heading(number: index + 1, words) }
        gridPhotos = photos.filter { !$0.hidden }
        let children = album.children.map { BuiltAlbum($0, summaries: summaries, words: words) }.filter { !$0.photos.isEmpty || !$0.children.isEmpty }
        self.children = album.albumOrder.map { order in
            order.sorted(children, key: \.folderName, byName: { NaturalOrder.key($0.folderName).lexicographicallyPrecedes(NaturalOrder.key($1.folderName)) },
                         date: { $0.captureDate(newest: $1) }, title: \.title)
        } ?? children
        // Stored once: pages ask for them for every card of every album.
        shownChildren = self.children.filter { !$0.hidden && $0.totalCount > 0 }
        lockedChildren = self.children.filter { $0.privacy?.settings.listed == true }
        shown = shownChildren.reduce(MediaCount(gridPhotos)) { $0 + $1.shown }
    }
    /// Its photos' oldest or newest capture date, sub-albums included.
    func captureDate(newest: Bool) -> String? {
        let dates = photos.compactMap(\.summary.captureDate) + children.compactMap { $0.captureDate(newest: newest) }
        return newest ? dates.max() : dates.min()
    }

    var depth: Int { outputPath.isEmpty ? 0 : outputPath.split(separator: "/").count }
    /// Output folder with a trailing "/" ("" for the root).
    var folder: String { outputPath.isEmpty ? "" : outputPath + "/" }
    var slug: String { String(outputPath.split(separator: "/").last ?? "") }
    /// Shows nothing, though it has photos: every one is hidden (it is left
    /// out like a hidden album).
    var showsNothing: Bool { totalCount == 0 && depth > 0 }

    /// The photo its `album.yml` names, else the first here, or of the
    /// first sub-album shown that has one; never a hidden photo.
    var cover: Photo? {
        namedCover ?? gridPhotos.first ?? shownChildren.lazy.compactMap(\.cover).first
    }

    /// The photo its `album.yml`'s `cover` names: a file here, or a path
    /// through the sub-albums shown ("nature/LadyBird.jpg"), never into a
    /// hidden or private one; nil when it names none of them.
    var namedCover: Photo? { coverName.flatMap { photo(at: Substring($0))?.photo } }

    /// The front page's hero: the photo the top folder's `album.yml` names
    /// as its cover, and its page (from the site's root).
    var hero: PageSpec.Hero? {
        guard depth == 0, let found = coverName.flatMap({ photo(at: Substring($0)) }) else { return nil }
        return PageSpec.Hero(photo: found.photo, page: found.album.folder + found.photo.planned.pageName)
    }

    /// Whether `path` (as `cover` says it) names a photo its sidecar hides.
    private func hiddenPhoto(at path: Substring) -> Bool {
        end(of: path, through: \.children).map { end in end.album.photos.contains { $0.planned.fileName == end.name && $0.hidden } } ?? false
    }

    private func photo(at path: Substring) -> (photo: Photo, album: BuiltAlbum)? {
        end(of: path, through: \.shownChildren).flatMap { end in end.album.gridPhotos.first { $0.planned.fileName == end.name }.map { ($0, end.album) } }
    }

    /// The album a `cover` path ("nature/LadyBird.jpg") ends in, walking
    /// the sub-albums `next` offers, and the file name it ends with.
    private func end(of path: Substring, through next: KeyPath<BuiltAlbum, [BuiltAlbum]>) -> (album: BuiltAlbum, name: Substring)? {
        guard let slash = path.firstIndex(of: "/") else { return (self, path) }
        let folder = path[..<slash]
        return self[keyPath: next].first { $0.folderName == folder }?.end(of: path[path.index(after: slash)...], through: next)
    }
}

extension BuiltAlbum {
    /// What its curation asked that the built photos cannot give, in this
    /// album and below: a `cover` naming a hidden photo, an album every
    /// photo of which is hidden. Site warnings, said by every build.
    var curationWarnings: [(path: String, reason: String)] {
        var warnings: [(path: String, reason: String)] = []
        let file = curationFile ?? inputPath
        if let coverName, hiddenPhoto(at: Substring(coverName)) {
            warnings.append((file, "cover '\(coverName)' is a hidden photo; \(cover.map { "'\($0.planned.fileName)'" } ?? "no photo") stands in"))
        }
        if showsNothing, !hidden, !photos.isEmpty {
            warnings.append((inputPath,
                             "every photo of this album is hidden: its pages are built, but left out of its parent, the sitemap and the feed"))
        }
        return warnings + children.flatMap(\.curationWarnings)
    }
}
