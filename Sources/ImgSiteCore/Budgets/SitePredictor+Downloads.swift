import ImgSiteMedia
import ImgSitePlanning

/// What `downloads:` and `album_zip:` add to a site, predicted beside its images.
extension SitePredictor {
    /// Each entry's headers in a zip, local and central, with a name of about 30 bytes.
    static let zipEntryBytes = 136

    /// Originals and albums' zips.
    func downloadEstimate(_ config: SiteConfig) -> SiteEstimate {
        let (originals, zips) = (originalsEstimate(config), zipsEstimate(config))
        return SiteEstimate(files: originals.files + zips.files, bytes: originals.bytes + zips.bytes)
    }

    /// Originals: their sources' bytes (what is cut is a few KB), for the
    /// photos whose `Publication` publishes them.
    func originalsEstimate(_ config: SiteConfig) -> SiteEstimate {
        let settings = ImageSettings(config: config, layout: layout)
        let originals = photos.filter { settings.original($0.fileFormat) != nil }
        return SiteEstimate(files: originals.count, bytes: originals.reduce(0) { $0 + $1.sourceBytes })
    }

    /// Albums' zips: every photo's download as its `Publication` offers it
    /// (its original, its animated file or its widest JPEG, scaled as the
    /// images are) and each entry's headers.
    func zipsEstimate(_ config: SiteConfig) -> SiteEstimate {
        guard config.downloads != .none, config.albumZip else { return SiteEstimate() }
        let settings = ImageSettings(config: config, layout: layout)
        var (sourceBytes, fileBytes) = (0, 0.0)
        for (group, members) in groups {
            let animation = group.frames > 1 ? SourceAnimation(delays: Array(repeating: 100, count: group.frames), loops: 0) : nil
            let plan = settings.outputs(width: group.width, height: group.height, animation: animation, phase: group.phase ?? 0, range: group.dynamicRange)
            // A clip's download is one of its own video files: each clip is its own publication.
            let publications = group.clip
                ? members.map { ([$0], settings.publication(plan, fileFormat: group.fileFormat, videos: $0.clip?.files(config.video) ?? [])) }
                : [(members, settings.publication(plan, fileFormat: group.fileFormat))]
            for (members, publication) in publications {
                switch publication.download {
                case .none: break
                case .original: sourceBytes += members.reduce(0) { $0 + $1.sourceBytes }
                case .file(let spec) where animation != nil && spec.role == .image:
                    fileBytes += Double(animatedBytes(spec, group: group, members: members))
                case .file(let spec): fileBytes += stillBytes(spec, group: group, settings: settings) * Double(members.count)
                case .video(let file): sourceBytes += Int((members[0].clip?.bytes(file, settings: config.video) ?? 0).rounded(.up))
                }
            }
        }
        return SiteEstimate(files: pages.zipAlbums, bytes: sourceBytes + Int((fileBytes * imageScale).rounded(.up)) + photos.count * Self.zipEntryBytes)
    }

    /// The site's bytes by what holds them, for a refusal to name.
    func breakdown(_ config: SiteConfig) -> [(part: String, bytes: Int)] {
        let images = imageEstimate(config)
        return [("originals", originalsEstimate(config).bytes), ("album zips", zipsEstimate(config).bytes), ("images", images.bytes),
                ("video files", videoEstimate(config).bytes), ("pages", pages.estimate(imageFiles: images.files).bytes)].filter { $0.bytes > 0 }
    }
}
