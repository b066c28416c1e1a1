import Foundation

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
    /// What the budget cost, each as `imgsite.yml` says it and what it
    /// means for a viewer: (setting, effect).
    public var gaveUp: [(setting: String, effect: String)]
    /// The output folder as built, measured at the end of the build (nil
    /// until then, and for a shard, which is not a site).
    public var builtBytes: Int?
    public var builtFiles: Int?
    /// When the first pass's images measured over the budget and the site
    /// was encoded again (`BuildPipeline.holdToBudget`): what that pass came
    /// to (images as built, pages as estimated), and the passes made in all.
    public var firstPass: (bytes: Int, files: Int)?
    public var passes = 1

    /// Built bytes over planned, less one: +0.034 is 3.4 % over the plan.
    public var bytesError: Double? {
        builtBytes.map { Double($0) / Double(max(predictedBytes, 1)) - 1 }
    }

    public static func == (a: BudgetReport, b: BudgetReport) -> Bool {
        a.site == b.site && a.files == b.files && a.predictedBytes == b.predictedBytes && a.predictedFiles == b.predictedFiles
            && a.gaveUp.map(\.setting) == b.gaveUp.map(\.setting)
    }

    init(budget: SiteBudget, plan: BudgetPlan, site: SiteConfig, firstPass: SiteEstimate? = nil, passes: Int = 1) {
        self.firstPass = firstPass.map { ($0.bytes, $0.files) }
        self.passes = passes
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
    private static func tightened(_ plan: BudgetPlan, site: SiteConfig) -> [(setting: String, effect: String)] {
        let planned = plan.config(from: site)
        let planSettings = Set(differences(from: site, to: planned).map(\.setting))
        var photos: [String: (count: Int, effect: String)] = [:]
        var order: [String] = []
        for moves in plan.photoMoves.keys.sorted().map({ plan.photoMoves[$0]! }) {
            let config = SiteBudget.config(planned, moves: moves)
            for (setting, effect) in differences(from: site, to: config) where !planSettings.contains(setting) {
                if photos[setting] == nil { order.append(setting) }
                photos[setting, default: (0, effect)].count += 1
            }
        }
        return order.map { setting in
            let (count, effect) = photos[setting]!
            return ("\(setting) on \(count) photo\(count == 1 ? "" : "s")", effect + " (only these photos)")
        }
    }

    /// "budget 12.0 MB: planned 11.1 MB, 150 files, built 11.3 MB, 151 files (+1.8 % of the plan's
    /// bytes), gave up width_step 1.6, max_width 1280": the summary line's part (no "; ": scripts
    /// split the line on it). Built only once the build has measured its site; "encoded twice to
    /// fit (…)" when the first pass measured over the budget.
    public var line: String {
        let limits = [site.map { Bytes.text($0) }, files.map { "\($0) files" }].compactMap { $0 }.joined(separator: " and ")
        let cost = gaveUp.isEmpty ? "nothing given up" : "gave up " + gaveUp.map(\.setting).joined(separator: ", ")
        let built = builtBytes.map { bytes in
            ", built \(Bytes.text(bytes)), \(builtFiles ?? 0) files (\(String(format: "%+.1f", (bytesError ?? 0) * 100)) % of the plan's bytes)"
        } ?? ""
        let again = firstPass.map { ", encoded \(passes == 2 ? "twice" : "\(passes) times") to fit (the first pass came to \(Bytes.text($0.bytes)), \($0.files) files)" } ?? ""
        return "budget \(limits): planned \(Bytes.text(predictedBytes)), \(predictedFiles) files\(built), \(cost)\(again)"
    }

    /// The largest ratio between neighbours of a list of widths, largest first.
    private static func widestGap(_ list: [Int]) -> Double {
        zip(list, list.dropFirst()).map { Double($0) / Double($1) }.max() ?? 1
    }

    private static func differences(from site: SiteConfig, to built: SiteConfig) -> [(setting: String, effect: String)] {
        var result: [(String, String)] = []
        if let dense = site.denseFormat, built.denseFormat == nil {
            result.append(("dense_format false", "no \(dense.rawValue.uppercased()) files for 2x screens: they take the 1x format's, more bytes to them"))
        }
        if built.jpeg.widths != site.jpeg.widths, built.formats.contains(.webp) {
            result.append(("jpeg.widths one", "browsers that read no WebP (none current) get one JPEG size"))
        }
        if built.formats != site.formats {
            result.append(("formats [jpeg]", "JPEG files only, about 1.4 times WebP's bytes for the same look"))
        }
        if case .fixed(let list) = built.widths, built.widths != site.widths {
            let widths = list.map(String.init).joined(separator: ", ")
            let effect = list.count == 1
                ? "one \(list[0]) px file a photo: small screens decode more pixels than they paint, large ones see it upscaled"
                : "\(list.count) widths a photo, up to \(String(format: "%.1f", Self.widestGap(list)))× apart: a browser decodes up to the square of that "
                    + "times the pixels it paints, and screens that paint wider than \(list[0]) px see the photo upscaled"
            result.append(("widths [\(widths)]", effect))
        } else {
            if built.widthStep != site.widthStep {
                let step = built.widthStep
                result.append(("width_step \(step)", "a browser decodes a median of about \(step)× the pixels it paints, at most \(String(format: "%.1f", step * step))×"))
            }
            if built.effectiveWideStep != site.effectiveWideStep, built.maxWidth > WidthPlanner.wideFrom {
                result.append(("wide_width_step \(built.effectiveWideStep)", "photo pages above 1,600 px decode up to \(String(format: "%.1f", built.effectiveWideStep * built.effectiveWideStep))× what they paint"))
            }
            if built.maxWidth != site.maxWidth {
                result.append(("max_width \(built.maxWidth)", "screens that paint a photo wider than \(built.maxWidth) px show it upscaled"))
            }
        }
        if built.jpeg.quality != site.jpeg.quality || built.webp.quality != site.webp.quality {
            let quality = max(built.jpeg.quality, built.webp.quality)
            result.append(("quality \(quality)", "JPEG at quality \(built.jpeg.quality) (not \(site.jpeg.quality)), WebP at \(built.webp.quality) (not \(site.webp.quality))"))
        }
        if built.video.maxHeight != site.video.maxHeight {
            result.append(("video.max_height \(built.video.maxHeight)", "clips' files at most \(built.video.maxHeight) lines: screens that show them larger upscale them"))
        }
        if built.video.quality != site.video.quality {
            result.append(("video.quality \(built.video.quality.rawValue)", "clips encoded at \(built.video.quality.rawValue) quality: softer detail, fewer bytes"))
        }
        return result
    }
}
