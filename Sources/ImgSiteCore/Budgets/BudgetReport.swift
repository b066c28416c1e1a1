import Foundation
import ImgSiteMedia
import ImgSitePlanning

/// What a whole-site budget planned and what it gave up for it, for the
/// summary line and the build report.
public struct BudgetReport: Sendable, Equatable {
    /// The budgets: bytes and files of the whole site.
    public var site: Int?
    public var files: Int?
    /// The site predicted with the settings built with, and with the site's own.
    public var predictedBytes: Int
    public var predictedFiles: Int
    public var unbudgetedBytes: Int
    public var unbudgetedFiles: Int
    /// What the budget cost, each as `imgsite.yml` says it, in a few plain
    /// words for the summary line, and what it means for a viewer.
    public var gaveUp: [Cost]
    /// The output folder as built, measured at the end of the build (nil
    /// until then, and for a shard, which is not a site).
    public var builtBytes: Int?
    public var builtFiles: Int?
    /// When the first pass's images measured over the budget and the site
    /// was encoded again (`BuildPipeline.holdToBudget`): what that pass came
    /// to (images as built, pages as estimated), and the passes made in all.
    public var firstPass: (bytes: Int, files: Int)?
    public var passes = 1
    /// The photos encoded again in those passes.
    public var photosEncodedAgain = 0

    /// One thing a budget gave up: `quality 75` (as `imgsite.yml` says it),
    /// "JPEG quality 75, WebP 70" (the summary line's words) and what a
    /// viewer sees of it (the report's).
    public struct Cost: Sendable {
        public var setting: String
        public var words: String
        public var effect: String
    }

    /// Built bytes over planned, less one: +0.034 is 3.4 % over the plan.
    public var bytesError: Double? {
        builtBytes.map { Double($0) / Double(max(predictedBytes, 1)) - 1 }
    }

    public static func == (a: BudgetReport, b: BudgetReport) -> Bool {
        a.site == b.site && a.files == b.files && a.predictedBytes == b.predictedBytes && a.predictedFiles == b.predictedFiles
            && a.gaveUp.map(\.setting) == b.gaveUp.map(\.setting)
    }

    init(budget: SiteBudget, plan: BudgetPlan, site: SiteConfig, firstPass: SiteEstimate? = nil, passes: Int = 1, photosEncodedAgain: Int = 0) {
        self.firstPass = firstPass.map { ($0.bytes, $0.files) }
        self.passes = passes
        self.photosEncodedAgain = photosEncodedAgain
        self.site = budget.bytes
        files = budget.files
        predictedBytes = plan.predicted.bytes
        predictedFiles = plan.predicted.files
        unbudgetedBytes = plan.unbudgeted.bytes
        unbudgetedFiles = plan.unbudgeted.files
        gaveUp = Self.differences(from: site, to: plan.config(from: site)) + Self.tightened(plan, site: site)
    }

    /// What the ceiling's second pass gave up on single photos: "quality
    /// 75 on 3 photos", for each setting beyond the site's plan.
    private static func tightened(_ plan: BudgetPlan, site: SiteConfig) -> [Cost] {
        let planned = plan.config(from: site)
        let planSettings = Set(differences(from: site, to: planned).map(\.setting))
        var photos: [String: (count: Int, cost: Cost)] = [:]
        var order: [String] = []
        for moves in plan.photoMoves.keys.sorted().map({ plan.photoMoves[$0]! }) {
            let config = SiteBudget.config(planned, moves: moves)
            for cost in differences(from: site, to: config) where !planSettings.contains(cost.setting) {
                if photos[cost.setting] == nil { order.append(cost.setting) }
                photos[cost.setting, default: (0, cost)].count += 1
            }
        }
        return order.map { setting in
            let (count, cost) = photos[setting]!
            let photos = " on " + Counted.text(count, "photo")
            return Cost(setting: setting + photos, words: cost.words + photos, effect: cost.effect + " (only these photos)")
        }
    }

    /// "budget 12.0 MB: site 11.3 MB in 151 files with its pages, planned 11.1 MB in 150 files, to fit:
    /// no AVIF files for 2x screens and sizes 1.6× apart": the summary line's part, in a
    /// photographer's words (the report has the settings' names; no "; ": scripts split the
    /// line on it). The site as built only once the build has measured it; "encoded 3 photos
    /// again to fit (…)" when the first pass measured over the budget.
    public var line: String {
        let limits = [site.map { Bytes.text($0) }, files.map { Counted.text($0, "file") }].compactMap { $0 }.joined(separator: " and ")
        let planned = "planned \(Bytes.text(predictedBytes)) in \(Counted.text(predictedFiles, "file"))"
        let built = builtBytes.map { "site \(Bytes.text($0)) in \(Counted.text(builtFiles ?? 0, "file")) with its pages, " } ?? ""
        let cost = gaveUp.isEmpty ? "nothing given up" : "to fit: " + Self.list(gaveUp.map(\.words))
        let again = firstPass.map { first in
            let times = passes > 2 ? ", \(passes - 1) times," : ""
            return ", encoded \(Counted.text(photosEncodedAgain, "photo")) again\(times) to fit "
                + "(the first pass came to \(Bytes.text(first.bytes)) in \(Counted.text(first.files, "file")))"
        } ?? ""
        return "budget \(limits): \(built)\(planned), \(cost)\(again)"
    }

    /// "a, b and c".
    private static func list(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    /// The largest ratio between neighbours of a list of widths, largest first.
    private static func widestGap(_ list: [Int]) -> Double {
        zip(list, list.dropFirst()).map { Double($0) / Double($1) }.max() ?? 1
    }

    private static func differences(from site: SiteConfig, to built: SiteConfig) -> [Cost] {
        var result: [Cost] = []
        func add(_ setting: String, _ words: String, _ effect: String) { result.append(Cost(setting: setting, words: words, effect: effect)) }
        if let dense = site.denseFormat, built.denseFormat == nil {
            add("dense_format false", "no \(dense.rawValue.uppercased()) files for 2x screens", "no \(dense.rawValue.uppercased()) files for 2x screens: they take the 1x format's, more bytes to them")
        }
        if built.jpeg.widths != site.jpeg.widths, built.formats.contains(.webp) {
            add("jpeg.widths one", "one JPEG size", "browsers that read no WebP (none current) get one JPEG size")
        }
        if built.formats != site.formats {
            add("formats [jpeg]", "JPEG files only", "JPEG files only, about 1.4 times WebP's bytes for the same look")
        }
        if case .fixed(let list) = built.widths, built.widths != site.widths {
            let widths = list.map(String.init).joined(separator: ", ")
            let effect = list.count == 1
                ? "one \(list[0]) px file a photo: small screens decode more pixels than they paint, large ones see it upscaled"
                : "\(list.count) widths a photo, up to \(String(format: "%.1f", Self.widestGap(list)))× apart: a browser decodes up to the square of that "
                    + "times the pixels it paints, and screens that paint wider than \(list[0]) px see the photo upscaled"
            add("widths [\(widths)]", list.count == 1 ? "one \(list[0]) px file a photo" : "\(list.count) sizes a photo (\(widths) px)", effect)
        } else {
            if built.widthStep != site.widthStep {
                let step = built.widthStep
                add("width_step \(step)", "sizes \(step)× apart", "a browser decodes a median of about \(step)× the pixels it paints, at most \(String(format: "%.1f", step * step))×")
            }
            if built.effectiveWideStep != site.effectiveWideStep, built.maxWidth > WidthPlanner.wideFrom {
                add("wide_width_step \(built.effectiveWideStep)", "sizes \(built.effectiveWideStep)× apart above 1,600 px", "photo pages above 1,600 px decode up to \(String(format: "%.1f", built.effectiveWideStep * built.effectiveWideStep))× what they paint")
            }
            if built.maxWidth != site.maxWidth {
                add("max_width \(built.maxWidth)", "no file wider than \(built.maxWidth) px", "screens that paint a photo wider than \(built.maxWidth) px show it upscaled")
            }
        }
        if built.jpeg.quality != site.jpeg.quality || built.webp.quality != site.webp.quality {
            let quality = max(built.jpeg.quality, built.webp.quality)
            add("quality \(quality)", built.jpeg.quality == built.webp.quality ? "quality \(quality)" : "JPEG quality \(built.jpeg.quality) with WebP at \(built.webp.quality)", "JPEG at quality \(built.jpeg.quality) (not \(site.jpeg.quality)), WebP at \(built.webp.quality) (not \(site.webp.quality))")
        }
        if site.hdrPolicy.anyKept, !built.hdrPolicy.anyKept {
            add("hdr sdr", "no HDR files", "HDR photos in SDR on every screen: no gain-map JPEGs")
        } else if site.hdrDense, !built.hdrDense {
            add("hdr_dense false", "no HDR files for 2x screens", "HDR screens of 2x and more (most phones) show HDR photos in SDR")
        }
        if built.video.maxHeight != site.video.maxHeight {
            add("video.max_height \(built.video.maxHeight)", "clips at most \(built.video.maxHeight) lines", "clips' files at most \(built.video.maxHeight) lines: screens that show them larger upscale them")
        }
        if built.video.quality != site.video.quality {
            add("video.quality \(built.video.quality.rawValue)", "clips at \(built.video.quality.rawValue) quality", "clips encoded at \(built.video.quality.rawValue) quality: softer detail, fewer bytes")
        }
        return result
    }
}
