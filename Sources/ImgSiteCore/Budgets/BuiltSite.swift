import ImgSitePlanning

/// A site as its images were built, before any page is written: their
/// files as recorded, the pages as estimated (`PageCount`, a tenth over
/// what they measure) and the albums' zips (`album_zip`) as their files
/// add up. The ceiling holds it to the budget (`holdToBudget`), and a
/// merge holds the shards' images to it before it takes any of them.
struct BuiltSite {
    let downloads: DownloadPolicy
    let zips: Bool
    private(set) var images = SiteEstimate()
    /// Each photo's image files, less its original (`downloads: original`):
    /// the settings do not shape it.
    private(set) var photos: [String: PhotoTightening.Built] = [:]
    private var zipBytes = 0

    init(_ config: SiteConfig) {
        (downloads, zips) = (config.downloads, config.albumZip)
    }

    /// Adds `image`'s files; their bytes.
    @discardableResult
    mutating func add(_ image: ProcessedImage) -> Int {
        let bytes = image.variants.reduce(0) { $0 + $1.bytes }
        images.files += image.variants.count
        images.bytes += bytes
        let shaped = image.variants.filter { $0.role != .original }
        photos[image.source] = .init(bytes: shaped.reduce(0) { $0 + $1.bytes }, files: shaped.count)
        if zips, let download = image.download(downloads) { zipBytes += download.bytes + SitePredictor.zipEntryBytes }
        return bytes
    }

    /// The whole site: the images, the pages of `pages`, the zips.
    func site(pages: PageCount) -> SiteEstimate {
        let pageEstimate = pages.estimate(imageFiles: images.files)
        let zipFiles = zips ? pages.zipAlbums : 0
        return SiteEstimate(files: images.files + pageEstimate.files + zipFiles, bytes: images.bytes + pageEstimate.bytes + zipBytes)
    }
}
