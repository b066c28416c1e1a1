import Foundation
import ImgSiteCore
import Testing
import Vips

@Suite struct PolicyAndFormatTests {
    @Test("keep-copyright keeps Artist/Copyright only: no camera, serial or GPS tags")
    func keepCopyright() throws {
        let input = try Corpus.scratch()
        try Corpus.copy([Corpus.photo("cameras/fujifilm-dx10.jpg"), Corpus.photo("cameras/DSCN0010.jpg")], into: input, album: "a")
        var config = SiteConfig()
        config.metadata = .keepCopyright
        let site = try TestBuild.run(input: input, config: config)
        let image = try site.image("a/fujifilm-dx10.jpg")
        #expect(image.metadata.copyright == "J P Bowen")
        for variant in image.variants {
            let decoded = try VipsImage.decode(Array(try Data(contentsOf: site.url(variant))))
            #expect(decoded.exifText("exif-ifd0-Copyright") == "J P Bowen", "\(variant.path)")
            #expect(decoded.exifText("exif-ifd0-Make") == nil && decoded.exifText("exif-ifd0-Model") == nil)
        }
        for variant in try site.image("a/DSCN0010.jpg").variants {
            let fields = try VipsImage.decode(Array(try Data(contentsOf: site.url(variant)))).fieldNames
            #expect(!fields.contains { $0.contains("GPS") || $0.contains("Make") }, "\(variant.path)")
        }
        let page = try String(contentsOf: site.output.appendingPathComponent("a/fujifilm-dx10.html"), encoding: .utf8)
        #expect(page.contains("<p class=\"credit\">J P Bowen</p>"))
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
        for format in OutputFormat.allCases {
            let variants = image.variants.filter { $0.format == format }
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
