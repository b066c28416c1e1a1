import ImgSitePlanning

/// The pages a site gets, and what they weigh. Counted by walking the
/// renderer's own page map (`PageMap`) over the albums, so the plan counts
/// the pages the render step makes: before the build with every photo shown
/// (no record is needed), after it with the images as built (a photo that
/// failed or is hidden by its sidecar is not in a grid, and an album that
/// shows no photo gets no zip).
///
/// Measured on 24 MP sites, a photo's page, grid cell and manifest entry
/// came to 12 KB with 30 files and 6.9 KB with 8.3 (each file is named in a
/// srcset or two and the manifest): 5 KB and 235 B a file. Counted here a
/// tenth over that.
struct PageCount: Sendable, Hashable {
    var photoPages = 0
    var albumPages = 0
    /// The stylesheet, the script and the manifest; with `base_url`, the sitemap and the feed.
    var otherFiles = 1
    /// Albums whose grid shows a photo: each gets a zip under `album_zip`.
    var zipAlbums = 0
    var hasFeed = false

    /// The walk of `map` over `root`; `summaries`: the images as built
    /// (nil: every photo, as planned).
    init(_ map: PageMap, root: PlannedAlbum, summaries: [String: ImageSummary]? = nil) {
        let shown = summaries ?? Dictionary(root.allJobs.map { ($0.source.relativePath, ImageSummary(digest: "", captureDate: nil)) }) { $1 }
        hasFeed = map.baseURL != nil
        var count = self
        // The walk throws only what its body throws, and this body throws nothing.
        try? map.forEach(BuiltAlbum(root, summaries: shown, words: map.words)) { spec in
            switch spec {
            case .photo: count.photoPages += 1
            case .album(let page):
                count.albumPages += 1
                if page.pageIndex == 0, page.photoCount > 0 { count.zipAlbums += 1 }
            default: count.otherFiles += 1
            }
        }
        self = count
    }

    /// A site of albums holding these numbers of photos, each shown (for
    /// predictions made without a library).
    init(albums: [Int], hasFeed: Bool) {
        photoPages = albums.reduce(0, +)
        albumPages = albums.reduce(0) { $0 + max(1, ($1 + PageMap.photosPerPage - 1) / PageMap.photosPerPage) }
        otherFiles = 3 + (hasFeed ? 2 : 0)
        zipAlbums = albums.filter { $0 > 0 }.count
        self.hasFeed = hasFeed
    }

    func estimate(imageFiles: Int) -> SiteEstimate {
        let files = photoPages + albumPages + otherFiles
        var bytes = photoPages * 5_000 + imageFiles * 235 + albumPages * 4_000 + 10_000
        if hasFeed { bytes += (photoPages + albumPages) * 150 + 30_000 }
        return SiteEstimate(files: files, bytes: bytes * 11 / 10)
    }
}
