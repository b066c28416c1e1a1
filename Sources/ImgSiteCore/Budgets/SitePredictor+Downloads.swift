/// What `downloads:` and `album_zip:` add to a site, predicted beside its images.
extension SitePredictor {
    /// Each entry's headers in a zip, local and central, with a name of about 30 bytes.
    static let zipEntryBytes = 136

    /// Originals and albums' zips.
    func downloadEstimate(_ config: SiteConfig) -> SiteEstimate {
        let (originals, zips) = (originalsEstimate(config), zipsEstimate(config))
        return SiteEstimate(files: originals.files + zips.files, bytes: originals.bytes + zips.bytes)
    }

    /// Originals: their sources' bytes (what is cut is a few KB).
    func originalsEstimate(_ config: SiteConfig) -> SiteEstimate {
        let originals = config.downloads == .original ? photos.filter(\.publishesOriginal) : []
        return SiteEstimate(files: originals.count, bytes: originals.reduce(0) { $0 + $1.sourceBytes })
    }

    /// Albums' zips: every photo's download (its original, else its largest
    /// JPEG, scaled as the images are) and each entry's headers.
    func zipsEstimate(_ config: SiteConfig) -> SiteEstimate {
        guard config.downloads != .none, config.albumZip else { return SiteEstimate() }
        var total = SiteEstimate()
        let originalBytes = originalsEstimate(config).bytes
        let settings = ImageSettings(config: config, layout: layout)
        var jpegBytes = 0.0
        for (group, members) in groups {
            let offered = members.filter { !(config.downloads == .original && $0.publishesOriginal) }.count
            guard offered > 0 else { continue }
            let animation = group.frames > 1 ? SourceAnimation(delays: Array(repeating: 100, count: group.frames), loops: 0) : nil
            let plan = settings.outputs(width: group.width, height: group.height, animation: animation, phase: 0)
            let largest = plan.specs.filter { $0.format == .jpeg }.max { $0.width < $1.width }
            jpegBytes += largest.map { stillBytes($0, group: group, settings: settings) * Double(offered) } ?? 0
        }
        total.files += pages.albums.filter { $0 > 0 }.count
        total.bytes += originalBytes + Int((jpegBytes * imageScale).rounded(.up)) + photos.count * Self.zipEntryBytes
        return total
    }

    /// The site's bytes by what holds them, for a refusal to name.
    func breakdown(_ config: SiteConfig) -> [(part: String, bytes: Int)] {
        let images = imageEstimate(config)
        return [("originals", originalsEstimate(config).bytes), ("album zips", zipsEstimate(config).bytes), ("images", images.bytes),
                ("pages", pages.estimate(imageFiles: images.files).bytes)].filter { $0.bytes > 0 }
    }
}
