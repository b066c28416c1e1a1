import Foundation
import ImgSiteMedia
import ImgSitePlanning
import Vips

/// Measures what a library's content costs to encode: a sample of its
/// photos, each decoded once at 1,024 px and encoded in every format and
/// role the site makes, at 1,024 and 400 px (`EncodeCurve`), and, when a
/// plan keeps wider files, a band of it at their size (`Widest`). A photo's own
/// bytes per pixel say little across cameras and codecs (an iPhone's HEIC
/// is a third of a camera JPEG's bytes, its WebP files twice as large), so
/// the sample is spread over the library by loader and bytes per pixel,
/// and each photo takes its stratum's sample's curves. Strata are encoded
/// only where the library's content changes (`Strata`): a library alike
/// in content costs 4 decodes, a mixed one up to 16.
enum BudgetCalibration {
    /// Photos encoded at most: a library of thousands costs 16 decodes.
    static let samples = 16
    static let largeWidth = 1024, smallWidth = 400

    /// The source, its header and where it falls in the sample.
    struct Source: Sendable {
        var job: ImageJob
        var header: SourceHeader
        /// A sample's band at 1,024 px (`Widest.band`), its strips cut from
        /// its decode and encoded only when a plan keeps files wider (`widened`).
        var band: [SharedImage]?
    }

    /// What one stratum's sample measured: its curves (nil: it could not
    /// be decoded), its ladder's phase, and its band.
    struct Sample: Sendable {
        var curves: [String: EncodeCurve]?
        var phase: Double?
        var band: [SharedImage]?
    }

    /// The photos as the predictor takes them, and the curves they point at.
    /// A sample that cannot be decoded leaves its stratum to the next one.
    /// The curves stop at 1,024 px: `widened` carries them up to the
    /// widest files, when a plan keeps files that wide. `samples` holds
    /// each curve's photo.
    static func measure(
        _ sources: [Source], settings: ImageSettings, workers: Int
    ) -> (photos: [BudgetPhoto], costs: [[String: EncodeCurve]], samples: [Source]) {
        guard !sources.isEmpty else { return ([], [], []) }
        let order = sources.indices.sorted { a, b in
            let (x, y) = (sources[a], sources[b])
            if x.header.loader != y.header.loader { return x.header.loader < y.header.loader }
            return density(x) < density(y)
        }
        let strata = min(samples, sources.count)
        let chunks = (0..<strata).map { index in
            order[(index * order.count / strata)..<((index + 1) * order.count / strata)]
        }
        let keys = curveKeys(settings, animations: sources.contains { $0.header.frames > 1 })
        let sampled = chunks.map { $0[$0.startIndex + $0.count / 2] }
        let measured = Strata.measure(loaders: sampled.map { sources[$0].header.loader }, workers: workers) { stratum in
            let source = sources[sampled[stratum]]
            let decoded = try? curves(source, keys: keys, settings: settings)
            // A sample is read whole: its hash gives its ladder's phase, as the build will.
            return Sample(curves: decoded?.curves, phase: (try? SourceHash.of(source.job.source.absolutePath)).map(WidthPlanner.phase(content:)),
                          band: decoded?.band)
        }
        // A stratum not encoded, or whose sample could not be decoded, takes
        // the nearest that was; between two, the denser (its bytes err high).
        let decoded = measured.keys.filter { measured[$0]?.curves != nil }
        var photos = Array(repeating: BudgetPhoto(width: 0, height: 0, frames: 1, sourceBytes: 0, cost: 0), count: sources.count)
        for (stratum, members) in chunks.enumerated() {
            let cost = decoded.min { (abs($0 - stratum), -$0) < (abs($1 - stratum), -$1) } ?? stratum
            for index in members {
                let header = sources[index].header
                photos[index] = BudgetPhoto(
                    source: sources[index].job.source.relativePath, width: header.width, height: header.height, frames: max(1, header.frames),
                    sourceBytes: sources[index].job.source.byteCount,
                    fileFormat: settings.downloads == .original ? OriginalDownload.format(of: sources[index].job.source) : nil, cost: cost,
                    clip: header.clip.map(ClipShape.init), motion: sources[index].job.source.motion.flatMap { motion in
                        (try? ClipProbe.read(motion.absolutePath, displayPath: motion.relativePath)).map(ClipShape.init)
                    }, dynamicRange: header.dynamicRange)
            }
            photos[sampled[stratum]].phase = measured[stratum]?.phase
        }
        let samples = sampled.indices.map { stratum in
            var source = sources[sampled[stratum]]
            source.band = measured[stratum]?.band
            return source
        }
        return (photos, (0..<strata).map { measured[$0]?.curves ?? [:] }, samples)
    }

    /// Source bytes per pixel: within one loader, how much detail and noise.
    private static func density(_ source: Source) -> Double {
        Double(source.job.source.byteCount) / Double(max(1, source.header.width * source.header.height))
    }

    /// The formats and roles the site's files come in.
    private static func curveKeys(_ settings: ImageSettings, animations: Bool) -> [VariantSpec] {
        let stills = Set(settings.formats + (animations ? AnimationSettings.posterFormats : []))
        return stills.sorted { $0.rawValue < $1.rawValue }.map { VariantSpec(width: 0, format: $0) }
            + (settings.denseFormat.map { [VariantSpec(width: 0, format: $0, role: .dense)] } ?? [])
    }

    /// The sample's curves at 1,024 and 400 px, and its band at 1,024 px
    /// when it has files wider than the curves reach (`Widest`).
    private static func curves(
        _ source: Source, keys: [VariantSpec], settings: ImageSettings
    ) throws(VipsError) -> (curves: [String: EncodeCurve], band: [SharedImage]?) {
        let header = source.header
        // A clip's stills are its poster's: read its opening seconds for it now.
        try? ClipPoster.ensure(source.job.source, video: settings.video, info: header.clip)
        let large = min(largeWidth, header.width)
        let image = try VipsImage.thumbnail(of: source.job.source.decodePath(settings.video), width: large, toSRGB: header.needsColourTransform).materialized()
        image.removeMetadata { _ in true }
        let smallWidth = max(1, min(Self.smallWidth, image.width / 2))
        let small = try image.downsized(toWidth: smallWidth, height: max(1, image.height * smallWidth / max(1, image.width)))
        var curves: [String: EncodeCurve] = [:]
        for key in keys {
            let largeFile = try Self.bytes(image, key: key, settings: settings)
            var curve = EncodeCurve.fitted(small: try Self.bytes(small, key: key, settings: settings), large: largeFile)
            if key.role != .dense, let quality = settings.quality(of: key.format), quality > 80 {
                curve.at80 = try Self.bytes(image, key: key, settings: settings, quality: 80).bytes / largeFile.bytes
            }
            curves[EncodeCurve.key(key)] = curve
        }
        // The band at 1,024 px is cut now, from this decode; it and the
        // widest one are encoded only when a plan keeps files that wide.
        let hasWideFiles = Widest(source, settings: settings, largeWidth: image.width) != nil
        return (curves, hasWideFiles ? try Widest.strips(of: image).map(SharedImage.init(materialized:)) : nil)
    }

    /// `costs` carried up from 1,024 px to each sample's widest files
    /// (`Widest`), for the kinds of file in `kinds` (`EncodeCurve.key`;
    /// nil: all). A sample whose band cannot be decoded keeps the slope
    /// below to carry up.
    static func widened(
        _ costs: [[String: EncodeCurve]], samples: [Source], settings: ImageSettings, kinds: Set<String>? = nil, workers: Int
    ) -> [[String: EncodeCurve]] {
        let keys = curveKeys(settings, animations: true).filter { kinds?.contains(EncodeCurve.key($0)) ?? true }
        return WorkerPool.map(Array(zip(costs, samples)), workers: workers) { curves, source in
            guard !curves.isEmpty, var widest = Widest(source, settings: settings, largeWidth: min(largeWidth, source.header.width)) else {
                return curves
            }
            // Stacked as it was cut (encoded from the strips as they lie,
            // not from one image in memory: what the exponents were tuned on).
            let band = try? source.band.map { try VipsImage.stacked($0.map(\.image)) }
            var widened = curves
            for key in keys {
                guard let curve = curves[EncodeCurve.key(key)], widest.widths[EncodeCurve.key(key)] != nil, let band,
                    let bandBytes = try? Self.bytes(band, key: key, settings: settings).bytes
                else { continue }
                widened[EncodeCurve.key(key)]!.largeBandBytes = bandBytes
                widened[EncodeCurve.key(key)]!.upperExponent = try? widest.exponent(key, largeFile: (curve.pixels, curve.bytes), largeBand: bandBytes)
            }
            return widened
        }
    }

    /// `image` encoded as `key`'s files are at its width: (pixels, bytes).
    static func bytes(_ image: VipsImage, key: VariantSpec, settings: ImageSettings, quality: Int? = nil) throws(VipsError) -> (pixels: Double, bytes: Double) {
        var encoder = settings.encoder(key.format, width: image.width, role: key.role)
        if let quality { encoder = encoder.withQuality(quality) }
        let input = key.format == .jpeg ? try image.flattened() : image
        return (Double(image.width * image.height), Double(try input.encoded(encoder).count))
    }
}

extension ImageSettings {
    /// The quality a budget may lower: JPEG's and WebP's.
    func quality(of format: OutputFormat) -> Int? {
        switch format {
        case .jpeg: shape.jpeg.quality
        case .webp: shape.webp.quality
        default: nil
        }
    }
}

extension EncodeSettings {
    func withQuality(_ quality: Int) -> EncodeSettings {
        switch self {
        case let .jpeg(_, progressive, subsample420): .jpeg(quality: quality, progressive: progressive, subsample420: subsample420)
        case let .webp(_, effort): .webp(quality: quality, effort: effort)
        default: self
        }
    }
}
