import Foundation
@testable import ImgSiteCore
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

    /// The peers' profile (`make bench-peers`): every width well below the
    /// source, so the largest is decoded with shrink-on-load.
    static let thumbnailProfile: SiteConfig = {
        var config = SiteConfig()
        config.widths = .fixed([800, 280])
        config.formats = [.jpeg]
        config.jpeg.quality = 85
        config.placeholder = .none
        return config
    }()

    @Test("every JPEG variant of every corpus still is within the floor of a full-decode Lanczos reference",
          arguments: ["default", "800 + 280"])
    func againstFullDecode(_ profile: String) throws {
        let config = profile == "default" ? SiteConfig() : Self.thumbnailProfile
        let site = profile == "default" ? try CorpusSite.build() : try TestBuild.run(input: Corpus.photos, config: config)
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

    /// PSNR against the reference, registered: the reference is resized
    /// with one uniform scale, as imgsite's own resize, and also stretched
    /// to the variant's rounded size; a width derived from a smaller one
    /// or decoded with shrink-on-load may follow either, and half a row of
    /// misregistration is not blur. The better of the two counts, over the
    /// rows both have.
    static func score(_ made: VipsImage, against full: VipsImage, settings: ImageSettings) throws -> Double {
        let encoder = settings.encoder(.jpeg, width: made.width)
        var best = -Double.infinity
        for resized in [try full.downsized(toWidth: made.width), try full.resized(toWidth: made.width, height: made.height)] {
            let reference = try VipsImage.decode(resized.encoded(encoder))
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
