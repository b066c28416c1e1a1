@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing
import Vips
import Foundation

@Suite struct PlaceholderTests {
    @Test("grid size follows the aspect, at most 4 cells a side", arguments: [
        (1.5, 4, 3), (0.75, 3, 4), (1.0, 4, 4), (16.0 / 9, 4, 2), (10.0, 4, 1),
    ])
    func sampleSize(_ aspect: Double, _ width: Int, _ height: Int) {
        let size = GridPlaceholder().sampleSize(aspect: aspect)
        #expect(size.width == width && size.height == height)
    }

    @Test("one character per 6-bit value, round trip within 6-bit precision")
    func roundTrip() throws {
        let pixels: [UInt8] = (0..<36).map { UInt8($0 * 7) }
        let grid = RGBGrid(width: 4, height: 3, pixels: pixels)
        let text = GridPlaceholder().encode(grid)
        #expect(text.count == 1 + 36)
        let decoded = try #require(GridPlaceholder().decode(text))
        #expect(decoded.width == 4 && decoded.height == 3)
        for (a, b) in zip(pixels, decoded.pixels) { #expect(abs(Int(a) - Int(b)) <= 3) }
        #expect(GridPlaceholder().decode("!!") == nil && GridPlaceholder().decode("P") == nil)
    }

    @Test("the tiny PNG decodes (libvips) to exactly the grid")
    func png() throws {
        let grid = RGBGrid(width: 3, height: 2, pixels: [255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30, 40, 50, 60, 70, 80, 90])
        let image = try VipsImage.decode(TinyPNG.encode(grid))
        #expect(image.width == 3 && image.height == 2)
        #expect(try image.pixelBytes() == grid.pixels)
    }

    @Test("RGBA PNGs keep alpha exactly; every row filter round-trips; a smooth image deflates")
    func rgbaPNG() throws {
        // A gradient with noise, so each of the five filters wins some row.
        var rgba: [UInt8] = []
        for y in 0..<16 {
            for x in 0..<24 {
                let noise: Int = (x * y * 37) % 256
                rgba += [UInt8(x * 10), UInt8(y * 15), UInt8(noise), UInt8(255 - x * 5)]
            }
        }
        let sample = PixelSample(width: 24, height: 16, rgba: rgba)
        let png = TinyPNG.encode(sample)
        let image = try VipsImage.decode(png)
        #expect(image.hasAlpha && image.width == 24 && image.height == 16)
        #expect(try image.pixelBytes() == rgba)
        var smoothPixels: [UInt8] = []
        for i in 0..<(24 * 16) { smoothPixels += [UInt8(i % 24 * 8), UInt8(i / 24 * 12), 90, 255] }
        let opaque = PixelSample(width: 24, height: 16, rgba: smoothPixels)
        let smooth = TinyPNG.encode(opaque)
        #expect(try VipsImage.decode(smooth).bands == 3)
        #expect(smooth.count < 24 * 16 * 3 / 4, "\(smooth.count) bytes")
    }
}
