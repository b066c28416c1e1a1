import Foundation
@testable import Vips
import Testing

@Suite struct VipsImageTests {
    /// The test corpus, Tests/Corpus (see its README).
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus")

    init() throws { try Vips.start() }

    @Test func headerReadsSizeWithoutDecoding() throws {
        let image = try VipsImage.header(of: Self.corpus.appendingPathComponent("photos/large/string.jpg").path)
        #expect(image.width == 3640 && image.height == 2400 && image.bands == 3)
        #expect(image.interpretation == "srgb")
    }

    @Test func exifTextIsTheValueOnly() throws {
        let image = try VipsImage.header(of: Self.corpus.appendingPathComponent("photos/cameras/DSCN0010.jpg").path)
        #expect(image.exifText("exif-ifd2-DateTimeOriginal") == "2008:10:22 16:28:39")
        #expect(image.exifText("exif-ifd0-ImageDescription") == nil, "a blank description is no caption")
        #expect(VipsImage.exifValue("a (b) (a (b), ASCII, 6 components, 6 bytes)") == "a (b)")
    }

    @Test func missingFileIsAnErrorNamingIt() {
        do {
            _ = try VipsImage.header(of: "/nonexistent/photo.jpg")
            Issue.record("no error")
        } catch {  // a VipsError: `header(of:)` throws no other
            #expect(error.operation == "load" && error.path == "/nonexistent/photo.jpg")
            #expect(!error.message.isEmpty)
        }
    }

    @Test func thumbnailNeverUpscales() throws {
        let path = Self.corpus.appendingPathComponent("photos/formats/tiny-88x64.jpg").path
        let image = try VipsImage.thumbnail(of: path, width: 500, toSRGB: false).materialized()
        #expect(image.width == 88 && image.height == 64)
    }

    @Test func removedMetadataIsNotEncoded() throws {
        let path = Self.corpus.appendingPathComponent("photos/cameras/DSCN0010.jpg").path
        let image = try VipsImage.thumbnail(of: path, width: 200, toSRGB: false).materialized()
        #expect(image.fieldNames.contains { $0.contains("GPS") })
        image.removeMetadata { _ in true }
        for settings: EncodeSettings in [.jpeg(quality: 80, progressive: false, subsample420: true), .webp(quality: 80, effort: 0)] {
            let decoded = try VipsImage.decode(try image.encoded(settings))
            #expect(!decoded.fieldNames.contains { $0.contains("GPS") || $0.contains("Make") }, "\(settings)")
        }
    }

    @Test func condenseDropsRepeatsAndTileNoise() {
        let text = "VipsJpeg: Premature end\nerror in tile 0 x 8\nerror in tile 0 x 16\nVipsJpeg: Premature end\n\"/a/b.jpg\" is bad\n"
        #expect(VipsError.condense(text, path: "/a/b.jpg") == "VipsJpeg: Premature end; is bad")
    }
}
