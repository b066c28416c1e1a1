import Foundation
import ImgSiteMedia
import ImgSitePlanning

/// A site's files and bytes, predicted before any encode.
struct SiteEstimate: Codable, Sendable, Equatable {
    var files = 0
    var bytes = 0
}

/// One source as a site budget sees it, from its header.
struct BudgetPhoto: Sendable {
    /// Its path in the library (the build's second pass tightens photos by it).
    var source = ""
    var width: Int
    var height: Int
    var frames: Int
    var sourceBytes: Int
    /// The format its own file is published in under `downloads: original`
    /// (`OriginalDownload.format(of:)`, read only then): JPEG or WebP, else nil.
    var fileFormat: FileFormat?
    /// Its content's encode cost: an index into `SitePredictor.costs`
    /// (its own when it was sampled, else its stratum's sample's).
    var cost: Int
    /// Its ladder's phase, when it was sampled (its bytes were read, so
    /// their hash is known): nil, the phases' mean.
    var phase: Double?
    /// A video clip's own size and length (its stills are its poster's).
    var clip: ClipShape?
    /// A Live Photo's motion, under `live_photos: motion` (muted files).
    var motion: ClipShape?
    /// An HDR photo's kind (`DynamicRange`): its HDR files are counted too.
    var dynamicRange = DynamicRange.sdr
}

/// What a photo's files cost in one format and role, fitted on two
/// encodes at the site's quality: bytes = `bytes` × (pixels / `pixels`)^`exponent`.
/// Measured on camera photos, the exponent is 0.56–0.79: a file twice as
/// wide holds fewer bytes per pixel.
struct EncodeCurve: Codable, Sendable, Equatable {
    var pixels: Double
    var bytes: Double
    var exponent: Double
    /// Bytes at quality 80 over bytes at the site's quality, when that is
    /// above 80 (below 80, `QualityScale` says).
    var at80: Double?
    /// Above `pixels`, the exponent up to the photo's widest file of this
    /// kind (`BudgetCalibration.Widest`); nil when that file is no wider.
    /// The slope below does not carry up: detail and noise finer than
    /// 1,024 px shows only in the larger files (0.3–1.9 measured).
    var upperExponent: Double?
    /// The sample's band (`BudgetCalibration.Widest.band`) at `pixels`'
    /// width, in this kind's bytes: what `upperExponent` is measured from.
    var largeBandBytes: Double?

    func bytes(pixels: Double) -> Double {
        let exponent = pixels > self.pixels ? upperExponent ?? self.exponent : self.exponent
        return bytes * pow(pixels / self.pixels, exponent)
    }

    /// The curve fitted on `small` and `large` (pixels, bytes), its
    /// exponent held to what photos measure, so one odd sample cannot
    /// predict a ladder of files from a slope of noise.
    static func fitted(small: (pixels: Double, bytes: Double), large: (pixels: Double, bytes: Double)) -> EncodeCurve {
        let slope = large.pixels > small.pixels * 1.5 && small.bytes > 0
            ? log(large.bytes / small.bytes) / log(large.pixels / small.pixels) : 0.72
        return EncodeCurve(pixels: large.pixels, bytes: large.bytes, exponent: min(1.1, max(0.5, slope)))
    }

    /// The key of a file's curve: its format, and whether it is a dense screen's.
    static func key(_ spec: VariantSpec) -> String {
        spec.role == .dense ? "\(spec.format.rawValue)-dense" : spec.format.rawValue
    }
}

/// Bytes at a lower JPEG or WebP quality, over bytes at 80: the most any
/// of four camera photos measured at 1,280 px (libjpeg-turbo with 4:2:0,
/// libwebp at effort 4), so a plan errs towards fitting.
enum QualityScale {
    static let jpeg: [(quality: Int, scale: Double)] = [(50, 0.62), (60, 0.69), (65, 0.74), (70, 0.80), (75, 0.88), (80, 1)]
    static let webp: [(quality: Int, scale: Double)] = [(50, 0.66), (60, 0.73), (65, 0.76), (70, 0.81), (75, 0.85), (80, 1)]

    /// Bytes at `quality` over bytes at `calibrated` (the quality the
    /// curve was measured at), for a format whose quality a budget lowers.
    static func factor(_ format: OutputFormat, quality: Int, calibrated: Int, curve: EncodeCurve) -> Double {
        guard quality < calibrated, let table = format == .jpeg ? jpeg : format == .webp ? webp : nil else { return 1 }
        let above80 = calibrated > 80 ? (curve.at80 ?? 1) : 1
        return scale(table, quality) / scale(table, min(calibrated, 80)) * above80
    }

    private static func scale(_ table: [(quality: Int, scale: Double)], _ quality: Int) -> Double {
        guard let upper = table.firstIndex(where: { $0.quality >= quality }) else { return 1 }
        guard upper > 0 else { return table[0].scale }
        let (a, b) = (table[upper - 1], table[upper])
        return a.scale + (b.scale - a.scale) * Double(quality - a.quality) / Double(b.quality - a.quality)
    }
}
