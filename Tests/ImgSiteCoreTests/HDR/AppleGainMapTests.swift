import CHeif
import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing
import Vips

/// Apple's gain map in an iPhone's HEIC (`AppleGainMap`): its headroom from
/// the maker note, and its values carried over to a gain-map JPEG's terms.
@Suite(.enabled(if: imgsite_heif_unavailable() == nil, "needs libheif (libheif1), which libvips' HEIF support brings"))
struct AppleGainMapTests {
    static let heic = Corpus.photo("formats/iphone-13-pro-max.heic").path

    @Test("the corpus iPhone's maker note (HDRHeadroom 0.843, HDRGain 0.00802) gives Apple's headroom: 1.64 stops, 3.12×")
    func headroom() throws {
        let exif = try #require(try VipsImage.header(of: Self.heic).blob("exif-data"))
        let values = try #require(AppleGainMap.makerNoteValues(exif))
        #expect(abs(values.0 - 0.8432090282) < 1e-6 && abs(values.1 - 0.008020164442) < 1e-9, "\(values)")
        let headroom = try #require(AppleGainMap.headroom(exif: exif))
        #expect(abs(log2(headroom) - (1.8 - 20 * 0.008020164442)) < 1e-6, "\(headroom)")
        #expect(AppleGainMap.headroom(exif: Array(exif.prefix(64))) == nil, "a cut EXIF gives none")
    }

    @Test("the table keeps black and white and never falls; a gain halfway in linear light is log2(1 + (H−1)/2) / log2 H")
    func table() {
        let headroom = 4.0
        let table = AppleGainMap.lut(headroom: headroom)
        #expect(table.first == 0 && table.last == 255 && zip(table, table.dropFirst()).allSatisfy { $0 <= $1 })
        // 0.705 in Rec. 709 is 0.5 in linear light.
        let half = Int((0.705 * 255).rounded())
        #expect(abs(Double(table[half]) - log2(1 + 1.5) / 2 * 255) < 2, "\(table[half])")
    }

    @Test("the iPhone HEIC reads as an Apple gain map; the gain-map JPEGs as gain-map JPEGs; a plain photo as SDR")
    func dynamicRange() throws {
        let exif = try VipsImage.header(of: Self.heic).blob("exif-data")
        #expect(DynamicRange.of(file: Self.heic, loader: "heifload", exif: exif) == .appleGainMap)
        #expect(DynamicRange.of(file: Corpus.root.appending(path: "hdr/aqua-ultrahdr.jpg").path, loader: "jpegload", exif: nil) == .gainMapJPEG)
        #expect(DynamicRange.of(file: Corpus.photo("nature/Storm.jpg").path, loader: "jpegload", exif: nil) == .sdr)
        #expect(DynamicRange.of(file: Corpus.photo("formats/exif.avif").path, loader: "heifload", exif: nil) == .sdr)
    }

    @Test("its gain map decodes to one 8-bit channel a quarter of the photo's area or less, carried over to values that only rise with Apple's")
    func readsTheMap() throws {
        let map = try AppleGainMap.read(Self.heic, headroom: 3)
        #expect(map.image.bands == 1 && map.image.width >= 256 && map.image.width <= 2016, "\(map.image.width)×\(map.image.height)")
        #expect(map.parameters.maxContentBoost == [3, 3, 3] && map.parameters.hdrCapacityMax == 3)
    }
}
