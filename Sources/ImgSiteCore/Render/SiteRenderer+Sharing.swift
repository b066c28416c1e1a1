import ImgSiteMedia
import ImgSitePlanning

/// What a published site (`base_url`) adds for sharing: Open Graph and
/// Twitter card tags on every page, pointing at a 1,200 px variant, and an
/// Atom feed of the newest photos.
extension SiteRenderer {
    /// The share tags' context of a page, nil without `base_url`.
    func share(path: String, title: String, image: (ProcessedImage, String)?) -> ShareContext? {
        guard let baseURL else { return nil }
        var context = ShareContext(url: baseURL + path, title: title, feedURL: baseURL + PageSpec.feedPath)
        if let (record, alt) = image, let variant = Self.shareVariant(record) {
            context.image = ShareImage(url: baseURL + variant.path, width: variant.width, height: variant.height, alt: alt)
        }
        return context
    }

    /// The still JPEG to share: the smallest at least 1,200 px wide, else the largest.
    static func shareVariant(_ image: ProcessedImage) -> Variant? {
        let jpegs = image.stills.filter { $0.format == .jpeg }  // largest first
        return jpegs.last { $0.width >= JPEGFallback.shareWidth } ?? jpegs.first
    }

    /// `feed.xml`. Capture times carry no time zone; the feed states them
    /// as UTC. Its own date is its newest entry's, so an unchanged site
    /// gives an unchanged feed (builds are reproducible).
    func renderFeed(_ page: PageSpec.FeedPage, results: [String: ProcessedImage]) throws(BuildError) -> String {
        let baseURL = baseURL ?? ""
        var entries: [FeedEntry] = []
        for (photo, path) in page.entries.map({ ($0.photo, $0.path) }) {
            let image = try record(photo, in: results)
            let variant = Self.shareVariant(image)
            entries.append(FeedEntry(
                title: photo.title, link: baseURL + path, alt: alt(image, photo),
                updated: Self.atomDate(image.metadata.captureDate), caption: image.metadata.caption.flatMap(CameraCaption.real),
                image: variant.map { ShareImage(url: baseURL + $0.path, width: $0.width, height: $0.height) }))
        }
        let updated = page.entries.lazy.compactMap(\.photo.summary.captureDate).max()
        return try render("feed.xml", FeedContext(
            siteTitle: siteTitle, url: baseURL, feedURL: baseURL + PageSpec.feedPath,
            updated: Self.atomDate(updated), entries: entries))
    }

    /// "2008-10-22T16:28:39" → "2008-10-22T16:28:39Z"; undated: the epoch.
    static func atomDate(_ captureDate: String?) -> String {
        (captureDate ?? "1970-01-01T00:00:00") + "Z"
    }
}
