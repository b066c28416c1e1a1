@testable import ImgSiteCore
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
}
