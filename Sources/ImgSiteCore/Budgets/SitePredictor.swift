import Foundation
import ImgSiteMedia
import ImgSitePlanning

/// Predicts a site's files and bytes under some settings, from its
/// sources' headers and the encode curves of a sample of them
/// (`BudgetCalibration`), without encoding anything.
///
/// Files are counted exactly, but for the one thing only a photo's
/// content hash decides, its ladder's phase (`WidthPlanner.phase`): a
/// photo not sampled is counted at its phase with the most files, so a
/// file budget always holds, and at its phases' mean bytes (over a library
/// the phases spread evenly; counted at the worst, 3,000 photos of 24 MP
/// were predicted 20 % over what they made). A sampled photo, whose bytes
/// were read, is counted at its own phase: in a library of a few photos,
/// one photo's phase moved its site by up to 15 %.
struct SitePredictor: Sendable {
    var photos: [BudgetPhoto]
    var costs: [[String: EncodeCurve]]
    /// The JPEG and WebP qualities the curves were measured at.
    var calibrated: (jpeg: Int, webp: Int)
    var layout: ThemeLayout
    var pages: PageCount
    /// Image bytes are predicted times this: 1, but for tests that make a
    /// plan err as a sample unlike the photos would (`BuildOptions.sampleScale`).
    var imageScale = 1.0
    /// Each curve's photo, and whether the curves reach its widest files
    /// (`BudgetCalibration.widened`) or stop at 1,024 px.
    var samples: [BudgetCalibration.Source] = []
    /// The kinds of file (`EncodeCurve.key`) whose curves were carried up.
    var widened: Set<String> = []

    /// Phases tried per photo: a ladder's rungs move by less than one step
    /// between neighbours.
    static let phases = (0..<8).map { Double($0) / 8 }

    func estimate(_ config: SiteConfig) -> SiteEstimate {
        let images = imageEstimate(config)
        let pageEstimate = pages.estimate(imageFiles: images.files)
        let downloads = downloadEstimate(config)
        let videos = videoEstimate(config)
        return SiteEstimate(files: images.files + pageEstimate.files + downloads.files + videos.files,
                            bytes: images.bytes + pageEstimate.bytes + downloads.bytes + videos.bytes)
    }

    /// The image files alone, their bytes scaled by `imageScale`.
    func imageEstimate(_ config: SiteConfig) -> SiteEstimate {
        let settings = ImageSettings(config: config, layout: layout)
        var total = SiteEstimate()
        for (group, members) in groups(config.video) {
            let one = estimate(group, settings: settings)
            total.files += one.files * members.count
            total.bytes += one.bytes * members.count + animatedBytes(group, members: members, settings: settings)
        }
        total.bytes = Int((Double(total.bytes) * imageScale).rounded(.up))
        return total
    }

    /// Carries the curves up to the widest files for each kind of file
    /// that `config` makes wider than its curve reaches from 1,024 px, once
    /// a kind; true when it did. A tight budget's plan keeps none (100 ×
    /// 24 MP at 15 % of their site: `max_width` 1024), and the bands were a
    /// third of its planning; a plan that gives up the dense screens' files
    /// encodes no band of them.
    mutating func widen(ifKeeping config: SiteConfig, settings: ImageSettings, workers: Int) -> Bool {
        let kinds = wideKinds(config).subtracting(widened)
        guard !kinds.isEmpty else { return false }
        costs = BudgetCalibration.widened(costs, samples: samples, settings: settings, kinds: kinds, workers: workers)
        widened.formUnion(kinds)
        return true
    }

    /// The kinds of file some photo gets wider than its curve reaches from 1,024 px.
    func wideKinds(_ config: SiteConfig) -> Set<String> {
        let settings = ImageSettings(config: config, layout: layout)
        var kinds: Set<String> = []
        for group in groups.keys {
            let sample = min(BudgetCalibration.largeWidth, group.width)
            for phase in Self.phases {
                for spec in settings.outputs(width: group.width, height: group.height, animation: nil, phase: phase).specs
                where BudgetCalibration.Widest.isWide(spec.width, sample: sample) {
                    kinds.insert(EncodeCurve.key(spec))
                }
            }
        }
        return kinds
    }

    /// Photos alike for a plan: one size, still or not, one cost.
    struct Group: Hashable {
        var width: Int
        var height: Int
        var frames: Int
        var cost: Int
        var phase: Double?
        var fileFormat: FileFormat?
        /// Clips: their downloads are video files.
        var clip: Bool
        var dynamicRange: DynamicRange

        init(_ photo: BudgetPhoto) {
            (width, height, frames, cost, phase) = (photo.width, photo.height, photo.frames > 1 ? photo.frames : 1, photo.cost, photo.phase)
            (fileFormat, clip, dynamicRange) = (photo.fileFormat, photo.clip != nil, photo.dynamicRange)
        }
    }

    var groups: [Group: [BudgetPhoto]] {
        Dictionary(grouping: photos, by: Group.init)
    }

    /// The groups with each clip's poster at its size under `video` (the
    /// top of its ladder: a budget's `video.max_height` shrinks it too).
    func groups(_ video: VideoSettings) -> [Group: [BudgetPhoto]] {
        Dictionary(grouping: photos.map { photo in
            guard let clip = photo.clip else { return photo }
            var poster = photo
            let top = clip.plan(video).poster
            (poster.width, poster.height) = (top.width, top.height)
            return poster
        }, by: Group.init)
    }

    /// One photo's image files under `settings` (not scaled).
    func estimate(of photo: BudgetPhoto, settings: ImageSettings) -> SiteEstimate {
        let group = Group(photo)
        var one = estimate(group, settings: settings)
        one.bytes += animatedBytes(group, members: [photo], settings: settings)
        return one
    }

    /// One photo's files at its phase with the most, and its still bytes
    /// at their mean over the phases; at its own phase when it is known.
    private func estimate(_ group: Group, settings: ImageSettings) -> SiteEstimate {
        let animation = group.frames > 1 ? SourceAnimation(delays: Array(repeating: 100, count: group.frames), loops: 0) : nil
        let phases = group.phase.map { [$0] } ?? Self.phases
        var (files, bytes) = (0, 0.0)
        for phase in phases {
            let plan = settings.outputs(width: group.width, height: group.height, animation: animation, phase: phase, range: group.dynamicRange)
            files = max(files, plan.specs.count)
            bytes += plan.specs.reduce(0.0) { sum, spec in
                guard animation == nil || spec.role == .poster else { return sum }
                return sum + stillBytes(spec, group: group, settings: settings)
            }
        }
        return SiteEstimate(files: files, bytes: Int((bytes / Double(phases.count)).rounded(.up)))
    }

    func stillBytes(_ spec: VariantSpec, group: Group, settings: ImageSettings) -> Double {
        let height = Double(group.height) * Double(spec.width) / Double(max(group.width, 1))
        let pixels = Double(spec.width) * max(1, height.rounded())
        // A poster's format may lack a curve (an animation's WebP when the
        // site makes only JPEG): the JPEG's, which is larger, stands in.
        guard let curve = costs[group.cost][EncodeCurve.key(spec)] ?? costs[group.cost][OutputFormat.jpeg.rawValue] else { return 0 }
        let quality: (now: Int, calibrated: Int) = switch spec.format {
        case .jpeg where spec.role == .hdr: (HDRFiles.quality(settings.jpeg), calibrated.jpeg)
        case .jpeg: (settings.jpeg.quality, calibrated.jpeg)
        case .webp: (settings.webp.quality, calibrated.webp)
        default: (0, 0)
        }
        let bytes = curve.bytes(pixels: pixels)
            * QualityScale.factor(spec.format, quality: quality.now, calibrated: quality.calibrated, curve: curve)
        // An HDR file is its SDR JPEG's base and a gain map (`HDRFiles.bytes`).
        return spec.role == .hdr ? HDRFiles.bytes(sdrJPEG: bytes) : bytes
    }

    /// An animation's animated files: its source's bytes, scaled to the
    /// size shown, for each animated format (frames kept whole: thinning
    /// only makes them smaller).
    private func animatedBytes(_ group: Group, members: [BudgetPhoto], settings: ImageSettings) -> Int {
        guard group.frames > 1 else { return 0 }
        let animation = SourceAnimation(delays: Array(repeating: 100, count: group.frames), loops: 0)
        let plan = settings.outputs(width: group.width, height: group.height, animation: animation, phase: 0)
        return plan.specs.filter { $0.role != .poster }.reduce(0) { $0 + animatedBytes($1, group: group, members: members) }
    }

    /// One animated file of each of `members`: its source's bytes scaled to its width.
    func animatedBytes(_ spec: VariantSpec, group: Group, members: [BudgetPhoto]) -> Int {
        let ratio = Double(spec.width) / Double(max(group.width, 1))
        return Int((Double(members.reduce(0) { $0 + $1.sourceBytes }) * ratio * ratio).rounded(.up))
    }
}
