import Foundation
@testable import Vips
import Testing

/// A JPEG resized as its Y, Cb and Cr planes (`JPEGPlanes`,
/// `CVipsShim/jpeg_planes.c`) against the same resize through RGB.
@Suite struct JPEGPlanesTests {
    init() throws { try Vips.start(concurrency: 1) }

    /// 4:2:0, 4:2:2 and 4:4:4 (the EXIF-rotated one is 4:2:0 too).
    static let samplings = ["photos/nature/Garden.jpg", "photos/nature/Storm.jpg", "photos/cameras/nikon-e950.jpg",
                            "photos/orientation/Landscape_6.jpg"]

    static func path(_ name: String) -> String { VipsJPEGTests.path(name) }

    /// PSNR against a careful reference (a full decode, resized, turned)
    /// of the JPEG made from the planes decoded at 1/`shrink` and of the
    /// RGB path's own JPEG from that decode, both at quality 85.
    static func bothWays(_ name: String, shrink: Int, width: Int, orientation: Int = 1) throws -> (planes: Double, rgb: Double) {
        let planes = try #require(JPEGPlanes.decoded(path(name), shrink: shrink), "\(name)")
        let rgb = try #require(VipsImage.decodedPlainJPEG(path(name), shrink: shrink))
        let full = try #require(VipsImage.decodedPlainJPEG(path(name), shrink: 1))
        #expect(planes.width == rgb.width && planes.height == rgb.height, "\(name): luma is the picture's size")
        let height = max(1, (full.height * width + full.width / 2) / full.width)
        let progressive = width >= 480
        let resized = try planes.downsized(toWidth: width, height: height, thenTurnedFrom: orientation).upright(fromOrientation: orientation)
        let made = try VipsImage.decode(try resized.encoded(quality: 85, progressive: progressive))
        #expect(made.string("jpeg-chroma-subsample") == "4:2:0", "\(name) at \(width)")
        let reference = try full.downsized(toWidth: width, height: height).upright(fromOrientation: orientation)
        #expect(made.width == reference.width && made.height == reference.height, "\(name) at \(width)")
        let rgbPath = try rgb.downsized(toWidth: width, height: height).upright(fromOrientation: orientation)
        // In memory whichever resampler made it (libvips' is lazy where the own one is off).
        let rgbMade = try VipsImage.decode(try rgbPath.materialized().plainJPEG(quality: 85, progressive: progressive, subsample420: true))
        return (try made.psnr(against: reference), try rgbMade.psnr(against: reference))
    }

    /// The planes are resized by the own resampler, which sites the chroma
    /// samples; where it is off (IMGSITE_NATIVE=off, libvips 8.15+) builds
    /// never take the planes (`Native.jpegPlanes`), and libvips' reduce,
    /// which does not site them, falls short of the RGB path by up to 5 dB.
    @Test("resized as planes, a JPEG of every sampling is as close to the picture as the RGB path's",
          .enabled(if: Native.resampler, "the planes path is on only with the own resampler"), arguments: samplings)
    func matchesRGBPath(_ name: String) throws {
        for (shrink, width) in [(1, 640), (2, 399), (4, 97), (8, 3), (1, 1)] {
            let score = try Self.bothWays(name, shrink: shrink, width: width)
            print("planes \(name) 1/\(shrink) at \(width): \(score.planes) dB, RGB path \(score.rgb) dB")
            // One pixel: rounding alone moves its score by several dB, so
            // within 3 levels a channel will do.
            let floor = width == 1 ? min(score.rgb - 0.5, 10 * log10(255.0 * 255 / 9)) : score.rgb - 0.5
            #expect(score.planes >= floor, "\(name) at 1/\(shrink), \(width) px: \(score)")
        }
    }

    @Test("each plane is turned alike: an EXIF-rotated photo comes out upright", arguments: [2, 3, 4, 5, 6, 7, 8])
    func upright(_ orientation: Int) throws {
        let score = try Self.bothWays("photos/orientation/Landscape_6.jpg", shrink: 2, width: 333, orientation: orientation)
        print("planes orientation \(orientation): \(score.planes) dB, RGB path \(score.rgb) dB")
        #expect(score.planes >= score.rgb - 0.5, "orientation \(orientation): \(score)")
    }

    @Test("the planes in RGB are the picture, for placeholders")
    func rgb() throws {
        let planes = try #require(JPEGPlanes.decoded(Self.path("photos/nature/Garden.jpg"), shrink: 8))
        let half = try planes.downsized(toWidth: planes.width, height: planes.height)
        let rgb = try half.rgb()
        let reference = try #require(VipsImage.decodedPlainJPEG(Self.path("photos/nature/Garden.jpg"), shrink: 8))
        #expect(rgb.bands == 3 && rgb.interpretation == "srgb")
        let score = try rgb.psnr(against: reference)
        print("planes rgb: \(score) dB")
        #expect(score >= 30, "\(score) dB against libjpeg's own RGB")
    }

    @Test("grey, CMYK and damaged files are left to the RGB path",
          arguments: ["photos/formats/gray.jpg", "photos/formats/cmyk.jpg", "bad/truncated.jpg", "bad/corrupted.jpg",
                      "bad/not-an-image.jpg", "bad/zero-bytes.jpg", "no-such-file.jpg"])
    func leavesOthers(_ name: String) {
        #expect(JPEGPlanes.decoded(Self.path(name), shrink: 2) == nil, "\(name)")
    }

    @Test("a size larger than the planes is refused, not stretched; chroma not yet halved is not encoded")
    func refusals() throws {
        // 4:4:4: its chroma planes are the picture's size until resized.
        let planes = try #require(JPEGPlanes.decoded(Self.path("photos/formats/tiny-88x64.jpg"), shrink: 1))
        #expect(throws: VipsError.self) { _ = try planes.downsized(toWidth: 89, height: 64) }
        #expect(throws: VipsError.self) { _ = try planes.encoded(quality: 85, progressive: false) }
        #expect(try !planes.downsized(toWidth: 88, height: 64).encoded(quality: 85, progressive: false).isEmpty)
    }
}
