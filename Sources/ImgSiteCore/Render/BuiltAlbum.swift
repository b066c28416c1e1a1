/// An album as it will be shown: only photos that built, in album order,
/// and only sub-albums that still hold something.
struct BuiltAlbum {
    struct Photo {
        var planned: PlannedPhoto
        var image: ProcessedImage
        /// Alt text: the caption when there is one, else the title.
        var alt: String { image.metadata.caption ?? planned.title }
    }

    var title: String
    var outputPath: String
    var photos: [Photo]
    var children: [BuiltAlbum]

    init(_ album: PlannedAlbum, results: [String: ProcessedImage]) {
        title = album.title
        outputPath = album.outputPath
        let ordered = PhotoOrder.sorted(album.photos) { results[$0.job.source.relativePath]?.metadata.captureDate }
        photos = ordered.compactMap { planned in
            results[planned.job.source.relativePath].map { Photo(planned: planned, image: $0) }
        }
        children = album.children.map { BuiltAlbum($0, results: results) }.filter { $0.totalCount > 0 }
    }

    var depth: Int { outputPath.isEmpty ? 0 : outputPath.split(separator: "/").count }
    /// Output folder with a trailing "/" ("" for the root).
    var folder: String { outputPath.isEmpty ? "" : outputPath + "/" }
    var slug: String { String(outputPath.split(separator: "/").last ?? "") }
    var totalCount: Int { photos.count + children.reduce(0) { $0 + $1.totalCount } }
    /// The first photo here, or of the first sub-album that has one.
    var cover: Photo? { photos.first ?? children.lazy.compactMap(\.cover).first }
}
