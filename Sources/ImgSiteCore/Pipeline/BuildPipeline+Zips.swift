import Foundation
import ImgSiteMedia
import ImgSitePlanning

extension BuildPipeline {
    /// `album_zip: true`: each album with photos shown gets one zip of their
    /// downloads, in its grid's order (`AlbumZip`), written again only when
    /// the files it holds change (its digest is kept with the pages').
    func writeZips(_ rendered: Rendered) throws(BuildError) -> Rendered {
        guard options.config.albumZip else { return rendered }
        var zips: [(album: BuiltAlbum, path: String)] = []
        func collect(_ album: BuiltAlbum) {
            if !album.gridPhotos.isEmpty { zips.append((album, album.folder + PageMap.zipName(album))) }
            album.children.forEach(collect)
        }
        let scanned = rendered.built.scanned
        collect(BuiltAlbum(scanned.root, summaries: rendered.built.summaries, words: .english))
        let (store, cache) = (scanned.store, options.cacheFolder.path)
        var rendered = rendered
        for (album, path) in zips {
            let records = try buildDatabase(.read, at: cache) { try store.results(album.gridPhotos.map(\.source)) }
            let entries = Self.zipEntries(album.gridPhotos.compactMap { records[$0.source] }, policy: options.config.downloads)
            let digest = SourceHash.of(texts: ["zip \(ImgSiteVersion.current)"] + entries.flatMap { [$0.name, $0.path] })
            let writer = scanned.writer
            if scanned.recorded.pageDigests[path] == digest, writer.exists(path) { continue }
            observe(.step("zip: \(path), \(Counted.text(entries.count, "file"))"))
            try buildDatabase(.written, at: cache) { try store.forgetPages([path]) }
            let written = try writer.stream(path) { handle in try AlbumZip.write(entries, to: handle) { try writer.read($0) } }
            try buildDatabase(.written, at: cache) { try store.recordPages([(path, digest)]) }
            if written { rendered.built.outputsChanged = true }
        }
        rendered.pages += zips.map(\.path)
        return rendered
    }

    /// Each image's download under its own name; a name met twice (`a.JPG`
    /// and `a.jpg` both offered as JPEGs) gets `-2`, `-3` before its extension.
    static func zipEntries(_ images: [ProcessedImage], policy: DownloadPolicy) -> [AlbumZip.Entry] {
        var taken = Set<String>()
        return images.compactMap { image in
            guard let file = image.download(policy) else { return nil }
            let name = image.downloadName(file)
            var unique = name
            var number = 2
            while !taken.insert(unique.lowercased()).inserted {
                unique = (name as NSString).deletingPathExtension + "-\(number)." + (name as NSString).pathExtension
                number += 1
            }
            return AlbumZip.Entry(name: unique, path: file.path)
        }
    }
}
