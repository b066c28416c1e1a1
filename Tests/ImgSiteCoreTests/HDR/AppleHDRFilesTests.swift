import CHeif
import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing
import Vips

/// An iPhone's HEIC published HDR: Apple's gain map carried into gain-map
/// JPEGs whose rendition is the one Apple's own formula gives. Needs a
/// libvips that writes gain maps and decodes HEVC (the release bundle's;
/// PyPI's has no HEVC decoder).
@Suite(.tags(.hdr), .enabled(if: Vips.handlesGainMaps && imgsite_heif_unavailable() == nil && LoadedLibvips.decodesHEVC,
                             "needs a libvips that writes gain maps and decodes HEVC, and libheif: the release bundle's (`make test-bundle`)"))
struct AppleHDRFilesTests {
    @Test("the iPhone HEIC's HDR files are upright and within a quarter stop, in the highlights, of SDR × (1 + (headroom − 1) × gain) with Apple's own gain map")
    func appleRendition() throws {
        let input = try Corpus.scratch("apple-hdr")
        try Corpus.copy([Corpus.photo(LoadedLibvips.heic)], into: input, album: "phone")
        let build = try TestBuild.run(input: input)
        let image = try build.image("phone/iphone-13-pro-max.heic")
        #expect(image.dynamicRange == .appleGainMap && build.summary.hdrPhotos == 1)
        let file = try #require(image.hdrStills.first { $0.width <= 1600 })
        let (width, height) = (300, Int((300 * Double(file.height) / Double(file.width)).rounded()))
        let measured = try HDRRendition.ofFile(build.url(file).path, width: width, height: height)

        // Apple's formula on the source: its SDR pixels, and its gain map as libheif decodes it, turned as the photo is shown.
        let heic = Corpus.photo(LoadedLibvips.heic).path
        let exif = try #require(try VipsImage.header(of: heic).blob("exif-data"))
        let headroom = try #require(AppleGainMap.headroom(exif: exif))
        let sdr = try VipsImage.thumbnail(of: heic, width: width, toSRGB: true).resized(toWidth: width, height: height)
        let base = HDRRendition.sdrLuminance(try sdr.pixelBytes(), bands: 3)
        var pixels: UnsafeMutablePointer<UInt8>?
        var (mapWidth, mapHeight): (Int32, Int32) = (0, 0)
        var error = [CChar](repeating: 0, count: 256)
        #expect(imgsite_heif_apple_gain_map(heic, &pixels, &mapWidth, &mapHeight, &error, error.count) == 0)
        defer { free(pixels) }
        let raw = try VipsImage.grey(pixels: UnsafeBufferPointer(start: pixels, count: Int(mapWidth * mapHeight)),
                                     width: Int(mapWidth), height: Int(mapHeight))
        // Which way the map is stored is what is checked: the way that agrees with the photo's light.
        let turns = try [1, 3, 6, 8].map { orientation in
            let map = try raw.upright(fromOrientation: orientation)
            guard (Double(map.width) / Double(map.height) > 1) == (width > height) else { return (orientation, [Double](), -1.0) }
            let gains = try map.resized(toWidth: width, height: height).pixelBytes().enumerated().filter { $0.offset % 3 == 0 }
                .map { AppleGainMap.rec709Linear(Double($0.element) / 255) }
            let reference = zip(base, gains).map { $0 * (1 + (headroom - 1) * $1) }
            return (orientation, reference, correlation(gains, base))
        }
        let best = try #require(turns.max { $0.2 < $1.2 })
        let found = HDRRendition.error(measured, against: best.1)
        print("\(file.path) against Apple's formula (gain map stored with orientation \(best.0)): \(found)")
        #expect(found.highlights > 100 && found.p95 < 0.25 && found.mean < 0.1, "\(found)")
    }

    /// Pearson's correlation of two series.
    func correlation(_ a: [Double], _ b: [Double]) -> Double {
        let n = Double(a.count), ma = a.reduce(0, +) / n, mb = b.reduce(0, +) / n
        let cov = zip(a, b).reduce(0) { $0 + ($1.0 - ma) * ($1.1 - mb) }
        let va = a.reduce(0) { $0 + ($1 - ma) * ($1 - ma) }, vb = b.reduce(0) { $0 + ($1 - mb) * ($1 - mb) }
        return cov / max(sqrt(va * vb), 1e-12)
    }
}
