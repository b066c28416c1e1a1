import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing
import Vips

@Suite struct PolicyAndFormatTests {
    @Test("keep-copyright keeps Copyright in all four formats, and no camera, serial or GPS tag")
    func keepCopyright() throws {
        let input = try Corpus.scratch()
        try Corpus.copy([Corpus.photo("cameras/fujifilm-dx10.jpg"), Corpus.photo("cameras/DSCN0010.jpg")], into: input, album: "a")
        var config = SiteConfig()
        config.metadata = .keepCopyright
        config.formats = [.jpeg, .webp, .avif, .jxl]
        config.widths = .fixed([160])
        let site = try TestBuild.run(input: input, config: config)
        let image = try site.image("a/fujifilm-dx10.jpg")
        #expect(image.metadata.copyright == "J P Bowen")
        #expect(Set(image.variants.map(\.format)) == Set(OutputFormat.stillFormats.map(FileFormat.image)))
        for variant in image.variants {
            let tags = try ExifTool.tags(of: site.url(variant))
            let copyright = tags.first { $0.key.hasSuffix(":Copyright") }?.value
            #expect(copyright == "J P Bowen", "\(variant.format): \(tags.keys.sorted())")
            #expect(!tags.keys.contains { $0.hasSuffix(":Make") || $0.hasSuffix(":Model") }, "\(variant.format)")
            let decoded = try VipsImage.decode(Array(try Data(contentsOf: site.url(variant))))
            #expect(decoded.width == 160, "\(variant.format) still decodes")
        }
        for variant in try site.image("a/DSCN0010.jpg").variants {
            let tags = try ExifTool.tags(of: site.url(variant)).keys
            #expect(!tags.contains { $0.hasPrefix("GPS:") || $0.contains("Serial") || $0.hasSuffix(":Make") }, "\(variant.path)")
        }
        let page = try String(contentsOf: site.output.appendingPathComponent("a/fujifilm-dx10.html"), encoding: .utf8)
        #expect(page.contains("<p class=\"credit\">J P Bowen</p>"))
    }

    @Test("the credit EXIF is a big-endian TIFF with only Artist and Copyright")
    func creditExifLayout() throws {
        let tiff = try #require(CreditExif.tiff(artist: "Ann", copyright: "© 2024 Ann Example"))
        #expect(Array(tiff.prefix(8)) == [0x4D, 0x4D, 0, 42, 0, 0, 0, 8])
        #expect(Array(tiff[8..<10]) == [0, 2], "two entries")
        #expect(Array(tiff[10..<12]) == [0x01, 0x3B] && Array(tiff[22..<24]) == [0x82, 0x98])
        #expect(Array(tiff[18..<22]) == Array("Ann".utf8) + [0], "a 4-byte value sits in its entry")
        #expect(CreditExif.tiff(artist: nil, copyright: nil) == nil)
    }

    @Test("by default no credit or copyright is kept")
    func stripByDefault() throws {
        let input = try Corpus.scratch()
        try Corpus.copy([Corpus.photo("cameras/fujifilm-dx10.jpg")], into: input, album: "a")
        let site = try TestBuild.run(input: input)
        let image = try site.image("a/fujifilm-dx10.jpg")
        #expect(image.metadata.copyright == nil)
        let decoded = try VipsImage.decode(Array(try Data(contentsOf: site.url(image.variants[0]))))
        #expect(decoded.exifText("exif-ifd0-Copyright") == nil)
    }

    @Test("AVIF and JPEG XL are made when asked, and listed first in <picture>")
    func optInFormats() throws {
        let input = try Corpus.scratch()
        try Corpus.copy([Corpus.photo("formats/transparent.png")], into: input, album: "a")
        var config = SiteConfig()
        config.formats = [.jpeg, .webp, .avif, .jxl]
        let site = try TestBuild.run(input: input, config: config)
        let image = try site.image("a/transparent.png")
        for format in OutputFormat.stillFormats {
            let variants = image.variants.filter { $0.format == .image(format) }
            #expect(!variants.isEmpty, "\(format)")
            for variant in variants {
                let decoded = try VipsImage.decode(Array(try Data(contentsOf: site.url(variant))))
                #expect(decoded.width == variant.width)
                #expect(decoded.hasAlpha == (format != .jpeg), "\(variant.path): only JPEG drops alpha")
            }
        }
        let page = try String(contentsOf: site.output.appendingPathComponent("a/transparent.html"), encoding: .utf8)
        let types = page.components(separatedBy: "<source type=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(types == ["image/jxl", "image/avif", "image/webp"])
    }
}
