import Foundation
import ImgSiteMedia
import Synchronization

/// Walks the input folder into a `SiteTree`: every sub-folder is an album.
/// Hidden files and folders, the output folder and the site's template
/// folder are skipped; other files that are not images are kept as
/// `SkippedFile`s, to be said. Symbolic links are followed, but a folder
/// already on the current path (a link back up) is not entered again.
/// Caption files (`photo.jpg.yml`, `.txt`) join their photo as its `Sidecar`.
public struct Scanner: Sendable {
    /// File extensions read as images (lower case).
    public static let imageExtensions: Set<String> = [
        "jpg", "jpeg", "png", "webp", "heic", "heif", "avif", "tif", "tiff", "gif",
    ]

    /// Whether the file at `path` is read by a build: an image, a photo's
    /// caption file (`photo.jpg.yml`, `.yaml`, `.txt`, or sigal's
    /// `photo.md` beside a photo), an album's `album.yml` or `index.md`, a
    /// `.nomedia`.
    public static func reads(fileAt path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        if name == NoMedia.name || name == AlbumFile.markdownName { return true }
        guard !name.hasPrefix("."), let dot = name.lastIndex(of: ".") else { return false }
        let fileExtension = name[name.index(after: dot)...].lowercased()
        if let stem = Sidecar.markdownStem(of: name) { return hasImage(named: stem, beside: path) }
        return imageExtensions.contains(fileExtension) || SkippedFile.rawExtensions.contains(fileExtension)
            || VideoHandling.extensions.contains(fileExtension) || Sidecar.imageName(of: name) != nil
            || AlbumFile.names.contains(name)
    }

    /// Whether the folder of `path` holds an image named `stem` (any extension).
    private static func hasImage(named stem: String, beside path: String) -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.contains { name in
            guard let dot = name.lastIndex(of: "."), name[..<dot] == stem else { return false }
            let fileExtension = name[name.index(after: dot)...].lowercased()
            return imageExtensions.contains(fileExtension) || VideoHandling.extensions.contains(fileExtension)
        }
    }

    public let input: URL
    /// Absolute folders never scanned (output, templates).
    public let excluded: [String]
    /// What the site's `exclude:` globs keep out, relative to the input.
    public let rules: ExcludeRules
    /// How camera RAW files are taken.
    public let raw: RawHandling
    /// How video clips are taken.
    public let video: VideoHandling

    public init(input: URL, excluded: [URL], rules: ExcludeRules = ExcludeRules([]), raw: RawHandling = .skip, video: VideoHandling = .skip) {
        self.input = input.standardizedFileURL
        self.excluded = excluded.map { $0.standardizedFileURL.path }
        self.rules = rules
        self.raw = raw
        self.video = video
    }

    /// The album tree, or nil-free empty root when the folder holds nothing.
    public func scan(title: String) throws -> Album {
        var root = try scanFolder(input, relative: "", ancestors: [])
        root.title = title
        return root
    }

    private func scanFolder(_ folder: URL, relative: String, ancestors: Set<String>) throws -> Album {
        let realPath = folder.resolvingSymlinksInPath().path
        let ancestors = ancestors.union([realPath])
        var names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        // Android's and sigal's mark: nothing here, or nothing of what it lists.
        if names.contains(NoMedia.name) {
            guard let listed = NoMedia.listed(in: folder.path + "/" + NoMedia.name) else {
                return Album(path: relative, title: AlbumFile.title(ofFolder: folder.lastPathComponent), images: [], albums: [])
            }
            names.removeAll { listed.contains($0) }
        }
        var images: [SourceImage] = []
        var subfolders: [(url: URL, relative: String)] = []
        var sidecars: [String: (sidecar: Sidecar, rank: Int)] = [:]
        var skipped: [SkippedFile] = []
        var albumFile: (absolute: String, relative: String, rank: Int)?
        var markdownAlbumFile: (absolute: String, relative: String)?
        var markdowns: [String: Sidecar] = [:]
        var raws: [(name: String, path: String, absolute: String, identity: FileIdentity)] = []
        let folderPath = folder.path
        for name in names where !name.hasPrefix(".") {
            let absolute = folderPath + "/" + name
            let path = relative.isEmpty ? name : "\(relative)/\(name)"
            guard !rules.excludes(path) else { continue }
            // stat, not lstat: a link is what it points to.
            guard let file = FileIdentity.of(absolute) else { continue }
            if file.isFolder {
                let url = folder.appending(path: name)
                let target = url.resolvingSymlinksInPath()
                guard !excluded.contains(url.standardizedFileURL.path), !excluded.contains(target.path),
                    !ancestors.contains(target.path)
                else { continue }
                subfolders.append((url, path))
            } else if file.isFile, let dot = name.lastIndex(of: "."), Self.imageExtensions.contains(name[name.index(after: dot)...].lowercased()) {
                images.append(SourceImage(relativePath: path, absolutePath: absolute, identity: file.identity))
            } else if file.isFile, let rank = AlbumFile.names.firstIndex(of: name) {
                if rank < albumFile?.rank ?? .max { albumFile = (absolute, path, rank) }
            } else if file.isFile, name == AlbumFile.markdownName {
                markdownAlbumFile = (absolute, path)
            } else if file.isFile, let stem = Sidecar.markdownStem(of: name) {
                markdowns[stem] = Sidecar(relativePath: path, absolutePath: absolute, identity: file.identity)
            } else if file.isFile, let (image, rank) = Sidecar.imageName(of: name) {
                if rank < sidecars[image]?.rank ?? .max {
                    sidecars[image] = (Sidecar(relativePath: path, absolutePath: absolute, identity: file.identity), rank)
                }
            } else if file.isFile, VideoHandling.isClip(name) {
                if let clip = video.clipSource, video.skipReason == nil {
                    var source = SourceImage(relativePath: path, absolutePath: absolute, identity: file.identity)
                    source.media = .clip(clip)
                    images.append(source)
                } else if var skip = SkippedFile(relativePath: path, name: name) {
                    skip.note = video.skipReason
                    skipped.append(skip)
                }
            } else if file.isFile, let skip = SkippedFile(relativePath: path, name: name) {
                if skip.kind == .raw { raws.append((name, path, absolute, file.identity)) } else { skipped.append(skip) }
            }
        }
        takeRaws(raws, images: &images, skipped: &skipped)
        takeLivePhotos(&images, skipped: &skipped)
        if !sidecars.isEmpty || !markdowns.isEmpty {
            for index in images.indices {
                let name = String(images[index].absolutePath.dropFirst(folderPath.count + 1))
                images[index].sidecar = sidecars[name]?.sidecar
                images[index].markdown = name.lastIndex(of: ".").flatMap { markdowns[String(name[..<$0])] }
            }
        }
        // A .md that is no photo's is a file like any other: said as skipped.
        let paired = Set(images.compactMap(\.markdown?.relativePath))
        skipped += markdowns.values.filter { !paired.contains($0.relativePath) }.compactMap { file in
            SkippedFile(relativePath: file.relativePath, name: (file.relativePath as NSString).lastPathComponent)
        }
        FaultInjection.point("scan")
        var albums = try scanFolders(subfolders, ancestors: ancestors)
        let heldBack = albums.flatMap(\.heldBack)
        // A folder with nothing to show is no album; what it held is still said.
        skipped += albums.filter { $0.allImages.isEmpty }.flatMap(\.allSkipped)
        albums = albums.filter { !$0.allImages.isEmpty }
        // Sorting positions, not the (large) values, then placing each once.
        images = images.indices.sorted { SourceImage.naturallyBefore(images[$0], images[$1]) }.map { images[$0] }
        albums = NaturalOrder.sorted(albums, by: \.path)
        var album = Album(path: relative, title: AlbumFile.title(ofFolder: folder.lastPathComponent), images: images, albums: albums,
                          skipped: skipped.sorted { $0.relativePath < $1.relativePath })
        album.heldBack = heldBack
        if albumFile != nil || markdownAlbumFile != nil {
            // Its album.yml over sigal's index.md, key by key.
            album.file = AlbumFile.merged(albumFile.map { AlbumFile.read($0.absolute, relativePath: $0.relative) },
                                          over: markdownAlbumFile.map { AlbumFile.read(markdownAt: $0.absolute, relativePath: $0.relative) })
            album.filePath = albumFile?.relative ?? markdownAlbumFile?.relative
            switch album.file {
            // Excluded by its own album.yml: nothing here is published or said.
            case .success(let file) where file.value.exclude && !relative.isEmpty:
                return Album(path: relative, title: album.title, images: [], albums: [])
            // It may say hidden or exclude: nothing here is published until it can be read.
            // (The top folder's file cannot hide the site: there it is a warning.)
            case .failure(let problem) where !relative.isEmpty:
                var held = Album(path: relative, title: album.title, images: [], albums: [])
                held.heldBack = [problem]
                return held
            default: break
            }
        }
        return album
    }

    /// A folder's RAW files: one beside an image of the same name is its
    /// pair and is skipped (the image is the photographer's choice); the
    /// others are images read through their previews, or skipped saying why.
    private func takeRaws(_ raws: [(name: String, path: String, absolute: String, identity: FileIdentity)],
                          images: inout [SourceImage], skipped: inout [SkippedFile]) {
        guard !raws.isEmpty else { return }
        func stem(_ name: Substring) -> String { String(name.lastIndex(of: ".").map { name[..<$0] } ?? name).lowercased() }
        let imageNames = Dictionary(images.map { image in (stem(image.relativePath.split(separator: "/").last ?? ""), image) }) { first, _ in first }
        let reason = raw.skipReason
        for file in raws {
            var skip = SkippedFile(relativePath: file.path, name: file.name)!
            if let image = imageNames[stem(file.name[...])] {
                skip.note = RawHandling.paired(with: String(image.relativePath.split(separator: "/").last ?? ""))
            } else if let reason {
                skip.note = reason
            } else {
                var image = SourceImage(relativePath: file.path, absolutePath: file.absolute, identity: file.identity)
                if let preview = raw.previewPath(of: file.absolute, identity: file.identity) { image.media = .raw(preview: preview) }
                images.append(image)
                continue
            }
            skipped.append(skip)
        }
    }

    /// A phone's Live Photo is a still and a short `.mov` of the same name
    /// (`IMG_4412.HEIC`, `IMG_4412.MOV`): the still is published, its motion
    /// said as skipped, or under `live_photos: motion` carried by the still
    /// (`SourceImage.motion`). A `.mov` is a Live Photo's motion when it
    /// carries Apple's content identifier or lasts at most
    /// `livePhotoSeconds`; a longer clip beside a photo of its name is a
    /// clip of its own.
    private func takeLivePhotos(_ images: inout [SourceImage], skipped: inout [SkippedFile]) {
        let clips = images.filter { $0.clip != nil && $0.relativePath.lowercased().hasSuffix(".mov") }
        guard !clips.isEmpty else { return }
        func name(_ path: String) -> String { String(path.split(separator: "/").last ?? "") }
        func stem(_ path: String) -> String { (name(path) as NSString).deletingPathExtension.lowercased() }
        let stills = Dictionary(images.indices.filter { images[$0].clip == nil }.map { (stem(images[$0].relativePath), $0) }) { first, _ in first }
        var motions: Set<String> = []
        for clip in clips {
            guard let index = stills[stem(clip.relativePath)],
                let info = try? ClipProbe.read(clip.absolutePath, displayPath: clip.relativePath),
                info.livePhoto || info.seconds <= Self.livePhotoSeconds,
                var skip = SkippedFile(relativePath: clip.relativePath, name: name(clip.relativePath))
            else { continue }
            motions.insert(clip.relativePath)
            // A RAW still keeps its preview: its motion is left out (no phone writes a RAW Live Photo).
            if video.showsMotion, images[index].media == .image {
                images[index].media = .livePhoto(motion: LiveMotion(relativePath: clip.relativePath, absolutePath: clip.absolutePath, identity: clip.identity))
                continue
            }
            skip.kind = .motion
            skip.note = "the motion of a Live Photo, shown as its photo \(name(images[index].relativePath)) (a photo and a short .mov of the same name are one Live Photo)"
            skipped.append(skip)
        }
        images.removeAll { motions.contains($0.relativePath) }
    }

    /// The longest a Live Photo's motion lasts: 3 s on iPhones, a little more when trimmed at capture.
    static let livePhotoSeconds = 4.0

    /// Sibling folders side by side: a walk is mostly waiting on stat calls.
    private func scanFolders(_ folders: [(url: URL, relative: String)], ancestors: Set<String>) throws -> [Album] {
        let results = Mutex([Result<Album, any Error>?](repeating: nil, count: folders.count))
        DispatchQueue.concurrentPerform(iterations: folders.count) { index in
            let result = Result { try scanFolder(folders[index].url, relative: folders[index].relative, ancestors: ancestors) }
            results.withLock { $0[index] = result }
        }
        return try results.withLock { $0 }.map { try $0!.get() }
    }
}
