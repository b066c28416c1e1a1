/// What a published site (`base_url`) adds for sharing: Open Graph and
/// Twitter card tags on every page, pointing at a 1,200 px variant, and an
/// Atom feed of the newest photos.
extension SiteRenderer {
    /// The width social cards are drawn at (Open Graph's recommended 1,200).
    static let shareWidth = 1200

    /// The share tags' context of a page, nil without `base_url`.
    func share(path: String, title: String, image: (ProcessedImage, String)?) -> [String: Any]? {
        guard let baseURL else { return nil }
        var context: [String: Any] = ["url": baseURL + path, "title": title, "feedURL": baseURL + PageSpec.feedPath]
        if let (record, alt) = image, let variant = Self.shareVariant(record) {
            context["image"] = ["url": baseURL + variant.path, "width": variant.width, "height": variant.height, "alt": alt]
        }
        return context
    }

    /// The still JPEG to share: the smallest at least 1,200 px wide, else the largest.
    static func shareVariant(_ image: ProcessedImage) -> Variant? {
        let jpegs = image.stills.filter { $0.format == .jpeg }  // largest first
        return jpegs.last { $0.width >= shareWidth } ?? jpegs.first
    }

    /// `feed.xml`. Capture times carry no time zone; the feed states them
    /// as UTC. Its own date is its newest entry's, so an unchanged site
    /// gives an unchanged feed (builds are reproducible).
    func renderFeed(_ page: PageSpec.FeedPage, results: [String: ProcessedImage]) throws(BuildError) -> String {
        let baseURL = baseURL ?? ""
        var entries: [[String: Any]] = []
        for (photo, path) in page.entries {
            let image = try record(photo, in: results)
            var entry: [String: Any] = [
                "title": photo.planned.title, "link": baseURL + path, "alt": alt(image, photo),
                "updated": Self.atomDate(image.metadata.captureDate),
            ]
            if let caption = image.metadata.caption.flatMap(CameraCaption.real) { entry["caption"] = caption }
            if let variant = Self.shareVariant(image) {
                entry["image"] = ["url": baseURL + variant.path, "width": variant.width, "height": variant.height]
            }
            entries.append(entry)
        }
        let updated = page.entries.lazy.compactMap(\.photo.summary.captureDate).max()
        return try render("feed.xml", [
            "siteTitle": siteTitle, "url": baseURL, "feedURL": baseURL + PageSpec.feedPath,
            "updated": Self.atomDate(updated), "entries": entries,
        ])
    }

    /// "2008-10-22T16:28:39" → "2008-10-22T16:28:39Z"; undated: the epoch.
    static func atomDate(_ captureDate: String?) -> String {
        (captureDate ?? "1970-01-01T00:00:00") + "Z"
    }
}
