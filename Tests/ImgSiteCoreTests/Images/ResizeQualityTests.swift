import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing
import Vips

/// The quality guard of the fast paths (shrink-on-load, each width derived
/// from the one above): every JPEG imgsite makes of a corpus still is
/// compared with a reference made the slow, careful way — a full decode,
/// upright, in sRGB, one Lanczos-3 resize straight to the variant's size,
/// the same encoder at the same settings — as PSNR of the decoded pixels.
///
/// The floors come from measuring this corpus both ways (reference vs
/// output, PSNR of decoded JPEGs, where the JPEG noise at Q80–85 alone is
/// around 38–40 dB):
/// - libvips' own `vips_thumbnail`, imgsite's path before shrink-on-load:
///   min 32.9 dB (the iPhone HEIC, which libvips decodes from its embedded
///   preview), median 47.8–48.1 dB;
/// - with shrink-on-load (largest width decoded at 1/2–1/8 by libjpeg's
///   DCT scaling, then Lanczos): min 34.1 dB, median 44.7 dB in the
///   800 + 280 profile (1,800 px photos at 800 px: 35.3 dB);
/// - decoding straight at 1/8 for a 280 px thumbnail, which blurs and
///   aliases visibly: 29–31 dB.
/// - the default width ladder, 1.25× apart, each width resized from the
///   smallest size at least twice as wide, at the source's own rounded
///   height: min 32.6 dB (a 512 px AVIF at 81 px), median 45.2 dB. Resized
///   from the size just above instead (15 resamples in a row), 28–31 dB at
///   the smallest widths; with heights rounded from the intermediate size,
///   a row off and stretched: 22.6 dB.
/// - the ladder 1.2× apart up to 1,600 px: more widths, so more resamples
///   in a row at twice as wide: min 32.3 dB, median 44.2 dB; from sizes
///   2.5× as wide and at least 512 px (`ResizeChain`): min 34.2 dB (the
///   HEIC at 77 px), median 48.9 dB.
/// - the ladder 1.15× apart up to 1,600 px (1.3× above): more small widths,
///   min 33.9 dB (the HEIC at 58 px), median 46.5 dB over 670 JPEGs.
/// - the horizontal pass by the shim's vectorised Lanczos-3 instead of
///   libvips' scalar one: min 33.7 dB, median 44.8 dB (800 + 280: 35.9 and
///   44.7, unchanged). The reference is resized by libvips' own code, and
///   the JPEG encoder magnifies any 1-level difference, so the median here
///   partly measures sameness with libvips' rounding: against a float
///   Lanczos-3 of the full decode, before any encode, both passes score the
///   same (511 JPEGs, median 34.66 dB, mean 35.79 and 35.80).
/// - the vertical pass by the shim too, and plain JPEGs decoded by
///   libjpeg-turbo directly (the same pixels as libvips' loader): min 32.7
///   dB (the AVIF at 80 px), median 43.0 (800 + 280: 35.9 and 44.1). Again
///   the reference's rounding, not blur: against a float Lanczos-3 of the
///   full decode, before and after score alike (511 JPEGs: median 34.66
///   dB both, mean 35.80 and 35.81; the AVIF at 80 px 29.21 and 29.15,
///   the HEIC at 58 px 26.87 both).
/// So no output may be worse than libvips' own thumbnail is here (32.5 dB),
/// and the median must stay within 5 dB of the careful path (42.5 dB);
/// blur from decoding too small costs 13–15 dB a file.
@Suite struct ResizeQualityTests {
    static let floor = 32.5
    static let medianFloor = 42.5

    /// The peers' widths and JPEG settings: every width well below the
    /// source, so the largest is decoded with shrink-on-load. The dense
    /// screens' AVIF files keep it on the RGB path.
    static let thumbnailProfile: SiteConfig = {
        var config = SiteConfig()
        config.widths = .fixed([800, 280])
        config.formats = [.jpeg]
        config.jpeg.quality = 85
        config.placeholder = .none
        return config
    }()

    /// The peers' profile exactly (`make bench-peers`): JPEG files only, so
    /// plain JPEGs are resized as Y, Cb and Cr planes (`JPEGPlanes`).
    static let jpegOnlyProfile: SiteConfig = {
        var config = thumbnailProfile
        config.denseFormat = nil
        return config
    }()

    static let builds: [String: Result<TestBuild, any Error>] = [
        "800 + 280": Result { try TestBuild.run(input: Corpus.photos, config: thumbnailProfile) },
        "JPEG only": Result { try TestBuild.run(input: Corpus.photos, config: jpegOnlyProfile) },
    ]

    @Test("every JPEG variant of every corpus still is within the floor of a full-decode Lanczos reference",
          arguments: ["default", "800 + 280"])
    func againstFullDecode(_ profile: String) throws {
        let config = profile == "default" ? SiteConfig() : Self.thumbnailProfile
        let site = profile == "default" ? try CorpusSite.build() : try Self.builds[profile]!.get()
        let settings = ImageSettings(config: config, layout: ThemeLayout())
        var scores: [(Double, String)] = []
        for image in site.manifest.images where image.animation == nil {
            let variants = image.variants.filter { $0.format == .jpeg && $0.role == .image }
            guard !variants.isEmpty else { continue }
            let full = try Self.fullDecode(Corpus.photo(image.source).path)
            for variant in variants {
                let made = try VipsImage.decode(Array(try Data(contentsOf: site.url(variant))))
                let score = try Self.score(made, against: full, settings: settings)
                scores.append((score, "\(image.source) at \(variant.width) px"))
                #expect(score >= Self.floor, "\(image.source) at \(variant.width) px: \(score) dB against the reference")
            }
        }
        let sorted = scores.map(\.0).sorted()
        #expect(sorted.count >= 60, "\(sorted.count) outputs compared")
        let median = sorted[sorted.count / 2]
        #expect(median >= Self.medianFloor, "median \(median) dB")
        print("quality guard, \(profile): \(sorted.count) JPEGs, min \(sorted.first!) dB, median \(median) dB; lowest: "
              + scores.sorted { $0.0 < $1.0 }.prefix(3).map { "\($0.1) \(($0.0 * 10).rounded() / 10) dB" }.joined(separator: ", "))
    }

    /// The planes path cannot be held to the floors above: they were set
    /// against a reference the RGB path's own encoder made, and an encoder
    /// given the same pixels makes the same quantisation choices, so they
    /// partly measure sameness (the "800 + 280" median of 44.3 dB is above
    /// what JPEG noise alone allows). A JPEG made from the planes has other
    /// chroma at the encoder's input, and scored so its median fell to 42.0
    /// dB. Against the full decode's Lanczos resize itself, not encoded,
    /// each path's file carries its own JPEG noise alone, and the planes
    /// must do as well as the RGB path, file by file (within 0.5 dB: the
    /// noise of two encodes) and over the corpus (mean within 0.05 dB).
    /// Measured on 77 files: mean 36.78 dB as planes, 36.63 through RGB, no
    /// file worse (per file: the chroma of a resized plane is not resampled
    /// twice, and odd sizes and mirroring turns are lined up, see
    /// `JPEGPlanes.chromaAxis`).
    @Test("resized as planes, every JPEG-only output is as close to the unencoded reference as the RGB path's")
    func planesAgainstRGBPath() throws {
        var scores: [String: [String: Double]] = [:]
        for profile in ["800 + 280", "JPEG only"] {
            let site = try Self.builds[profile]!.get()
            let settings = ImageSettings(config: Self.jpegOnlyProfile, layout: ThemeLayout())
            for image in site.manifest.images where image.animation == nil {
                let full = try Self.fullDecode(Corpus.photo(image.source).path)
                for variant in image.variants where variant.format == .jpeg && variant.role == .image {
                    let made = try VipsImage.decode(Array(try Data(contentsOf: site.url(variant))))
                    scores["\(image.source) at \(variant.width) px", default: [:]][profile] =
                        try Self.score(made, against: full, settings: settings, encoded: false)
                }
            }
        }
        let pairs = scores.compactMapValues { both in both["800 + 280"].flatMap { rgb in both["JPEG only"].map { (rgb, $0) } } }
        #expect(pairs.count >= 60, "\(pairs.count) outputs compared")
        for (name, (rgb, planes)) in pairs.sorted(by: { $0.key < $1.key }) {
            #expect(planes >= rgb - 0.5, "\(name): \(planes) dB as planes, \(rgb) dB through RGB")
        }
        let mean = { (values: [Double]) in values.reduce(0, +) / Double(values.count) }
        let (rgbMean, planesMean) = (mean(pairs.values.map(\.0)), mean(pairs.values.map(\.1)))
        #expect(planesMean >= rgbMean - 0.05, "mean \(planesMean) dB as planes, \(rgbMean) dB through RGB")
        print("quality guard, planes: \(pairs.count) JPEGs, mean \(planesMean) dB (RGB path \(rgbMean)); largest loss: "
              + (pairs.min { $0.value.1 - $0.value.0 < $1.value.1 - $1.value.0 }.map { "\($0.key) \($0.value.1 - $0.value.0) dB" } ?? "-"))
    }

    /// PSNR against the reference, registered: the reference is resized
    /// with one uniform scale, as imgsite's own resize, and also stretched
    /// to the variant's rounded size; a width derived from a smaller one
    /// or decoded with shrink-on-load may follow either, and half a row of
    /// misregistration is not blur. The better of the two counts, over the
    /// rows both have.
    /// `encoded`: the reference through the JPEG encoder at `settings`,
    /// as the floors above were measured; else its pixels as resized.
    static func score(_ made: VipsImage, against full: VipsImage, settings: ImageSettings, encoded: Bool = true) throws -> Double {
        let encoder = settings.encoder(.jpeg, width: made.width)
        var best = -Double.infinity
        for resized in [try full.downsized(toWidth: made.width), try full.resized(toWidth: made.width, height: made.height)] {
            let reference = encoded ? try VipsImage.decode(resized.encoded(encoder)) : resized
            let rows = min(made.height, reference.height)
            guard abs(made.height - reference.height) <= 1 else { continue }
            let score = try made.cropped(left: 0, top: 0, width: made.width, height: rows).srgb()
                .psnr(against: reference.cropped(left: 0, top: 0, width: reference.width, height: rows).srgb())
            best = max(best, score)
        }
        return best
    }

    /// The source fully decoded, upright, in sRGB, flattened onto white.
    static func fullDecode(_ path: String) throws -> VipsImage {
        var image = try VipsImage.header(of: path).autorotated()
        if image.needsColourTransform { image = try image.iccTransformedToSRGB() }
        return try image.srgb().flattened().materialized()
    }
}
