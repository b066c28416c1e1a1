import Foundation
import ImgSiteMedia

/// A folder of photos: its own images and its sub-albums, as found on disk.
public struct Album: Sendable, Equatable {
    /// Path relative to the input folder ("" for the root, "trips/alps").
    public var path: String
    /// Display title: the folder name less a numeric prefix (the site
    /// title for the root); an `album.yml` title wins over it.
    public var title: String
    /// Its `album.yml`, read, or why it cannot be read as meant; and where it is.
    package var file: Result<Curated<AlbumFile>, CurationProblem>?
    package var filePath: String?
    /// What imgsite.yml's `albums.<folder>` says of it, under its own file.
    package var configured: AlbumFile?
    public var images: [SourceImage]
    public var albums: [Album]
    /// Files in this folder, and in folders below it with nothing to
    /// show, that are not published (RAW files, other files).
    public var skipped: [SkippedFile]
    /// Albums in this one or below it held back, not published, because
    /// their `album.yml` cannot be read as meant (`CurationFile`): why.
    package var heldBack: [CurationProblem] = []

    public init(path: String, title: String, images: [SourceImage], albums: [Album], skipped: [SkippedFile] = []) {
        self.path = path
        self.title = title
        self.images = images
        self.albums = albums
        self.skipped = skipped
    }

    /// Every image in this album and below it.
    public var allImages: [SourceImage] { images + albums.flatMap(\.allImages) }

    /// This tree with imgsite.yml's `albums.<folder>` settings on each album they name.
    package func configured(by settings: [String: AlbumSettings]) -> Album {
        var album = self
        album.configured = settings[path].map(\.file)
        album.albums = albums.map { $0.configured(by: settings) }
        return album
    }

    /// The albums here and below whose own `album.yml` marks them private.
    package var markedPrivate: [(path: String, privacy: PrivateAlbumSettings, file: String)] {
        let own = (try? file?.get())?.value.privacy.map { [(path, $0, filePath ?? "album.yml")] } ?? []
        return own + albums.flatMap(\.markedPrivate)
    }

    /// Every skipped file in this album and below it.
    public var allSkipped: [SkippedFile] { skipped + albums.flatMap(\.allSkipped) }
}

/// One input image file and what the file system says of it.
public struct SourceImage: Sendable, Equatable, Hashable {
    /// Path relative to the input folder, with "/" separators.
    public var relativePath: String
    /// Absolute path.
    public var absolutePath: String
    /// Size, modification time and inode: unchanged, the file is not read again.
    public var identity: FileIdentity
    /// `NaturalOrder.key` of the relative path, computed once for every sort.
    public let sortKey: [UInt8]
    /// The caption file beside it, if any, and sigal's `.md` of the same
    /// name (`IMG_1.md`), which the first wins over key by key.
    public var sidecar: Sidecar?
    public var markdown: Sidecar?
    /// An image, a RAW file, a clip or a Live Photo's still (`SourceMedia`).
    public var media = SourceMedia.image

    public init(relativePath: String, absolutePath: String, identity: FileIdentity, sidecar: Sidecar? = nil) {
        self.relativePath = relativePath
        self.absolutePath = absolutePath
        self.identity = identity
        self.sidecar = sidecar
        sortKey = NaturalOrder.key(relativePath)
    }

    /// Natural order of relative paths.
    public static func naturallyBefore(_ a: SourceImage, _ b: SourceImage) -> Bool {
        a.sortKey == b.sortKey ? a.relativePath < b.relativePath : a.sortKey.lexicographicallyPrecedes(b.sortKey)
    }

    public var byteCount: Int { identity.size }

    /// File name without extension, for titles and output names.
    public var stem: String {
        let name = relativePath.lastIndex(of: "/").map { relativePath[relativePath.index(after: $0)...] } ?? relativePath[...]
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return String(name) }
        return String(name[..<dot])
    }
}
