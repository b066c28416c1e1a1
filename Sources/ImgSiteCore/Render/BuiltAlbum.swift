/// An album as it will be shown: only photos that built, in album order,
/// and only sub-albums that still hold something. Built from summaries, so
/// planning the pages of a large site reads no full image record.
struct BuiltAlbum: Sendable {
    struct Photo: Sendable {
        var planned: PlannedPhoto
        var summary: ImageSummary
        var source: String { planned.job.source.relativePath }
    }

    var title: String
    var outputPath: String
    var photos: [Photo]
    var children: [BuiltAlbum]

    init(_ album: PlannedAlbum, summaries: [String: ImageSummary]) {
        title = album.title
        outputPath = album.outputPath
        let ordered = PhotoOrder.sorted(album.photos) { summaries[$0.job.source.relativePath]?.captureDate }
        photos = ordered.compactMap { planned in
            summaries[planned.job.source.relativePath].map { Photo(planned: planned, summary: $0) }
        }
        children = album.children.map { BuiltAlbum($0, summaries: summaries) }.filter { $0.totalCount > 0 }
    }

    var depth: Int { outputPath.isEmpty ? 0 : outputPath.split(separator: "/").count }
    /// Output folder with a trailing "/" ("" for the root).
    var folder: String { outputPath.isEmpty ? "" : outputPath + "/" }
    var slug: String { String(outputPath.split(separator: "/").last ?? "") }
    var totalCount: Int { photos.count + children.reduce(0) { $0 + $1.totalCount } }
    /// The first photo here, or of the first sub-album that has one.
    var cover: Photo? { photos.first ?? children.lazy.compactMap(\.cover).first }
}
