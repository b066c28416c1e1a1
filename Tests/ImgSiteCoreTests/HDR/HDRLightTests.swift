import CHeif
import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing
import Vips

/// HDR stills in PQ or HLG light (`HDRLight`): the transfer functions, the
/// tone curve, and the SDR base every build makes of them, on any libvips
/// that reads 10-bit AVIF (the files are made by scripts/hdr/make-pq-hlg.py).
@Suite(.enabled(if: imgsite_heif_unavailable() == nil, "needs libheif (libheif1), which libvips' HEIF support brings"))
struct HDRLightTests {
    static func source(_ name: String) -> SourceImage {
        let path = Corpus.root.appending(path: "hdr/\(name)").path
        return SourceImage(relativePath: "hdr/\(name)", absolutePath: path, identity: FileIdentity.of(path)!.identity)
    }

    @Test("PQ's EOTF and HLG's inverse OETF at the standards' reference points")
    func transfers() {
        #expect(abs(HDRLight.pq(0.5807) - 203) < 0.5, "PQ's 58 % is BT.2408's 203-nit white: \(HDRLight.pq(0.5807))")
        #expect(abs(HDRLight.pq(1) - 10_000) < 0.01 && HDRLight.pq(0) == 0)
        #expect(abs(HDRLight.hlg(0.5) - 1.0 / 12) < 1e-9 && abs(HDRLight.hlg(1) - 1) < 1e-6, "HLG's knee and its top")
        let table = HDRLight.table(.pq)
        #expect(table.count == 65_536 && zip(table, table.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test("the tone curve leaves light below the knee alone, rises without a break, and reaches SDR white at the brightest")
    func curve() {
        let white = 5.6
        #expect(HDRLight.curve(0.3, white: white) == 0.3)
        #expect(abs(HDRLight.curve(white, white: white) - 1) < 1e-9)
        let points = stride(from: 0.0, through: white, by: 0.01).map { HDRLight.curve($0, white: white) }
        #expect(zip(points, points.dropFirst()).allSatisfy { $0 < $1 })
        let slope = (HDRLight.curve(HDRLight.knee + 1e-6, white: white) - HDRLight.knee) / 1e-6
        #expect(abs(slope - 1) < 1e-3, "slope \(slope) past the knee")
    }

    @Test("a PQ and an HLG AVIF read as such, in BT.2020; their SDR base keeps the photo's shadows and midtones")
    func sdrBase() throws {
        for (name, photo) in [("aqua-pq.avif", "nature/Aqua.jpg"), ("dune-hlg.avif", "nature/Dune.jpg")] {
            let header = try SourceHeader.read(Self.source(name), pixelLimit: 100_000_000, video: VideoSettings())
            #expect(header.dynamicRange == (name.contains("pq") ? .pq : .hlg) && header.lightPrimaries == 9, "\(name): \(header.dynamicRange)")
            let (width, height) = (400, header.height(atWidth: 400))
            let (base, map) = try HDRLight.decode(Self.source(name).absolutePath, header: header, width: width, height: height)
            let photo = try VipsImage.thumbnail(of: Corpus.photo(photo).path, width: width, toSRGB: false).resized(toWidth: width, height: height)
            // Where the source was not lifted (its luminance under 0.35), the base is the photo.
            let shown = try base.pixelBytes(), original = try photo.pixelBytes()
            let dark = HDRRendition.sdrLuminance(original, bands: 3).enumerated().filter { $0.element < 0.3 }.map(\.offset)
            let error = dark.reduce(0.0) { total, pixel in
                total + (0..<3).reduce(0.0) { $0 + abs(Double(shown[pixel * 3 + $1]) - Double(original[pixel * 3 + $1])) } / 3
            } / Double(max(dark.count, 1))
            #expect(dark.count > width * height / 10 && error < 4, "\(name): \(error) levels off over \(dark.count) pixels")
            #expect(map.image.width == width / HDRLight.gainMapScale)
            // At most the lift: 2 and 2.5 stops over white (less where the quarter-size map averages small highlights).
            let full = try HDRLight.decode(Self.source(name).absolutePath, header: header, width: header.width, height: header.height).gainMap
            #expect(full.parameters.maxContentBoost[0] > 1.5 && full.parameters.maxContentBoost[0] < 6.5, "\(name): \(full.parameters.maxContentBoost)")
        }
    }
}
