/// An album with output names decided: where its pages and variants go.
public struct PlannedAlbum: Sendable {
    public var title: String
    /// Output folder relative to the site root ("" for the root album).
    public var outputPath: String
    public var photos: [PlannedPhoto]
    public var children: [PlannedAlbum]
    /// What its `album.yml` says (`AlbumFile`): the description as safe
    /// HTML, the cover's file name, whether it is hidden.
    public var descriptionHTML: String?
    public var cover: String?
    public var order: AlbumOrder?
    public var albumOrder: AlbumOrder?
    public var hidden = false
    /// A private album (`private:`): published sealed at its own address,
    /// left off its parent's page unless listed.
    package var privacy: PrivateAlbum?
    /// The input folder's own name ("01-skye"), as `album_order` lists it,
    /// and its path relative to the input ("trips/01-skye").
    public var folderName = ""
    package var inputPath = ""
    /// Its `album.yml` (relative to the input); the keys it left out, and
    /// (for the top folder's, whose album is never held back) why it cannot be used.
    package var filePath: String?
    var fileWarnings: [CurationProblem] = []

    /// Every job in this album and below.
    public var allJobs: [ImageJob] { photos.map(\.job) + children.flatMap(\.allJobs) }

    /// Decides slugs: unique among siblings, so any file name (spaces,
    /// accents, `<script>`) becomes a safe, stable URL.
    public static func plan(_ album: Album, outputPath: String) -> PlannedAlbum {
        var none = NoPrivateAlbums()
        return plan(album, outputPath: outputPath, addresses: &none)
    }

    /// As `plan(_:outputPath:)`; a private album's pages and files go where
    /// `addresses` places it, and it is kept off its parent's page.
    package static func plan(_ album: Album, outputPath: String, addresses: inout some PrivateAddresses) -> PlannedAlbum {
        let imageFolder = outputPath.isEmpty ? "_img" : "\(outputPath)/_img"
        // "index" is the album page itself; pagination pages use "_", which slugs never hold.
        let slugs = Slug.unique(album.images.map(\.stem), fallback: "photo", reserved: ["index"])
        let photos = zip(album.images, slugs).map { source, slug in
            PlannedPhoto(job: ImageJob(source: source, outputFolder: imageFolder, slug: slug), title: humanTitle(source.stem),
                         namedByCamera: CameraFileName.matches(source.stem))
        }
        let childSlugs = Slug.unique(album.albums.map(\.title), fallback: "album")
        let children = zip(album.albums, childSlugs).map { child, slug in
            guard let placement = addresses.placePrivate(child.path, slug: slug, under: outputPath) else {
                return plan(child, outputPath: outputPath.isEmpty ? slug : "\(outputPath)/\(slug)", addresses: &addresses)
            }
            var planned = plan(child, outputPath: placement.plainFolder, addresses: &addresses)
            planned.privacy = placement.privacy
            planned.hidden = true
            planned.seal(by: placement.check)
            return planned
        }
        var planned = PlannedAlbum(title: album.title, outputPath: outputPath, photos: photos, children: children)
        planned.filePath = album.filePath
        planned.folderName = String(album.path.split(separator: "/").last ?? "")
        planned.inputPath = album.path
        let own: AlbumFile?
        switch album.file {
        case .success(let file): (own, planned.fileWarnings) = (file.value, file.ignored)
        case .failure(let problem):
            own = nil
            planned.fileWarnings = [CurationProblem(file: problem.file, place: problem.place, reason: problem.reason + "; ignored")]
        case nil: own = nil
        }
        if let file = own.map({ $0.over(album.configured ?? AlbumFile()) }) ?? album.configured {
            // The root's title is the site's (`title:` in imgsite.yml).
            if let title = file.title, !outputPath.isEmpty { planned.title = title }
            planned.descriptionHTML = file.description.map(SafeMarkdown.html)
            planned.cover = file.cover
            (planned.order, planned.albumOrder) = (file.order, file.albumOrder)
            planned.hidden = file.hidden && !outputPath.isEmpty
        }
        return planned
    }

    /// Marks every photo here and below as sealed by the lock `check`.
    private mutating func seal(by check: String) {
        for index in photos.indices { photos[index].job.sealedBy = check }
        for index in children.indices { children[index].seal(by: check) }
    }

    /// Why `cover` (a file here, or a path through sub-albums:
    /// "nature/LadyBird.jpg") cannot be shown; nil when it can. A hidden
    /// photo is told by the built album (`BuiltAlbum.curationWarnings`).
    private func coverProblem(_ cover: String, in place: String? = nil) -> String? {
        guard let slash = cover.firstIndex(of: "/") else {
            return photos.contains { $0.fileName == cover } ? nil : place.map { "names no photo of '\($0)'" } ?? "is not a photo of this album"
        }
        let folder = String(cover[..<slash]), path = place.map { "\($0)/\(folder)" } ?? folder
        guard let child = children.first(where: { $0.folderName == folder }) else { return "names no sub-album '\(path)'" }
        if child.privacy != nil { return "is in a private album, which no other page shows" }
        if child.hidden { return "is in a hidden album" }
        return child.coverProblem(String(cover[cover.index(after: slash)...]), in: path)
    }

    /// Every key an album file left out, the top folder's file when it
    /// cannot be used, and each `cover` or `order` list entry that names no
    /// photo of its album (`album_order`: no sub-album): site warnings.
    package var fileProblems: [(path: String, reason: String)] {
        var problems = fileWarnings.map { ($0.location, $0.reason) }
        // Set in its album.yml, or in imgsite.yml's albums.<folder>.
        let file = filePath ?? inputPath
        let names = Set(photos.map(\.fileName))
        if let cover, let problem = coverProblem(cover) {
            problems.append((file, "cover '\(cover)' \(problem); \(outputPath.isEmpty ? "the front page shows no cover" : "its first photo is its cover")"))
        }
        if case .list(let listed)? = order {
            for name in listed where !names.contains(name) {
                problems.append((file, "order names '\(name)', which is not a photo of this album; the others keep their order"))
            }
        }
        if case .list(let listed)? = albumOrder {
            let folders = Set(children.map(\.folderName))
            for name in listed where !folders.contains(name) {
                problems.append((file, "album_order names '\(name)', which is no sub-album of this one; the others keep their order"))
            }
        }
        return problems + children.flatMap(\.fileProblems)
    }

    /// "summer_beach-2" → "summer beach 2": file names read as titles.
    static func humanTitle(_ stem: String) -> String {
        // Most names need nothing done: no separators to turn into spaces.
        if !stem.utf8.contains(where: { $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: " ") }) {
            return stem
        }
        // On bytes (the separators are ASCII, so UTF-8 sequences pass whole):
        // each run of separators becomes one space, none at either end.
        var title: [UInt8] = []
        var pendingSpace = false
        for byte in stem.utf8 {
            if byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: " ") {
                pendingSpace = true
                continue
            }
            if pendingSpace && !title.isEmpty { title.append(UInt8(ascii: " ")) }
            title.append(byte)
            pendingSpace = false
        }
        return title.isEmpty ? stem : String(decoding: title, as: UTF8.self)
    }
}

/// One photo of an album: its processing job and its page.
public struct PlannedPhoto: Sendable {
    public var job: ImageJob
    public var title: String
    /// A camera's or phone's name ("IMG_4412"), no heading: `CameraFileName`.
    public var namedByCamera = false
    /// The photo page, in the album's output folder.
    public var pageName: String { "\(job.slug).html" }
    /// The source's file name ("DSC_0412.jpg"), as an album file names it.
    package var fileName: String { String(job.source.relativePath.split(separator: "/").last ?? "") }
}
