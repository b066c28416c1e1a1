import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing
import Vips

/// Which builds resize plain JPEGs as Y, Cb and Cr planes
/// (`StillPath`, `JPEGPlanesProcessor`), and what they write.
@Suite(.tags(.imagePipeline)) struct JPEGPlanesPathTests {
    static func settings(_ config: SiteConfig) -> ImageSettings { ImageSettings(config: config, layout: ThemeLayout()) }

    @Test("JPEG-only settings that keep no metadata take the planes where they are on; another format, metadata or 4:4:4 never does")
    func takes() {
        let jpegOnly = ResizeQualityTests.jpegOnlyProfile
        // The planes go through the own resampler: on with libvips < 8.15 only.
        #expect(StillPath.Route(Self.settings(jpegOnly)) == (Native.jpegPlanes ? .planes : .rgb))
        #expect(Native.jpegPlanes == (Native.jpegCodec && Native.resampler))
        #expect(StillPath.Route(Self.settings(jpegOnly), animated: true) == .rgb, "an animation's poster")
        #expect(StillPath.Route(Self.settings(SiteConfig())) == .rgb, "WebP and AVIF beside the JPEG")
        var changed = jpegOnly
        changed.denseFormat = .avif
        #expect(StillPath.Route(Self.settings(changed)) == .rgb, "AVIF for dense screens")
        changed = jpegOnly
        changed.metadata = .keepCopyright
        #expect(StillPath.Route(Self.settings(changed)) == .rgb, "metadata kept")
        changed = jpegOnly
        changed.jpeg.subsample420 = false
        #expect(StillPath.Route(Self.settings(changed)) == .rgb, "4:4:4")
    }

    @Test("one choice per still: its path, the libvips path it falls back to, and why")
    func choices() {
        let settings = Self.settings(SiteConfig())
        func header(_ width: Int, _ height: Int, loader: String = "jpegload", profile: Bool = false) -> SourceHeader {
            SourceHeader(width: width, height: height, frames: 1, fields: [:], needsColourTransform: profile, loader: loader)
        }
        let direct: StillPath = Native.jpegCodec ? .directJPEG : .shrinkOnLoad
        let camera = StillPath.choose(settings, header: header(6000, 4000), width: 1600)
        #expect(camera.path == direct && camera.fallback == .shrinkOnLoad && camera.shrink == 2, "\(camera)")
        let profiled = StillPath.choose(settings, header: header(6000, 4000, profile: true), width: 1600)
        #expect(profiled.path == .shrinkOnLoad && profiled.fallback == .shrinkOnLoad, "\(profiled)")
        let png = StillPath.choose(settings, header: header(6000, 4000, loader: "pngload"), width: 1600)
        #expect(png.path == .thumbnail && png.fallback == .thumbnail && png.shrink == 1, "\(png)")
        // 20 MP kept at full width: libvips' thumbnail streams it.
        let whole = StillPath.choose(settings, header: header(5000, 4000), width: 4900)
        #expect(whole.path == .thumbnail && whole.fallback == .thumbnail && whole.reason.contains(Native.jpegCodec ? "too large" : "is off"), "\(whole)")
        let small = StillPath.choose(settings, header: header(800, 600), width: 800)
        #expect(small.path == (Native.jpegCodec ? .directJPEG : .thumbnail) && small.fallback == .thumbnail, "\(small)")
    }

    @Test("a JPEG-only build writes the planes' bytes for plain JPEGs, upright and 4:2:0; grey, CMYK and profiles take the RGB path")
    func built() throws {
        let input = try Corpus.scratch()
        let photos = ["nature/Storm.jpg", "orientation/Landscape_6.jpg", "formats/gray.jpg", "formats/cmyk.jpg", "formats/icc-profile-big.jpg"]
        try Corpus.copy(photos.map(Corpus.photo), into: input, album: "a")
        let site = try TestBuild.run(input: input, config: ResizeQualityTests.jpegOnlyProfile)
        #expect(site.summary.failed.isEmpty, "\(site.summary.failed)")

        let storm = try site.image("a/Storm.jpg")
        let wide = try #require(storm.variants.first { $0.width == 800 })
        // 1,920 px wide: decoded at 1/2, resized, encoded progressive at quality 85.
        let planes = try #require(JPEGPlanes.decoded(Corpus.photo("nature/Storm.jpg").path, shrink: 2))
        let expected = try planes.downsized(toWidth: 800, height: wide.height).encoded(quality: 85, progressive: true)
        let written = Array(try Data(contentsOf: site.url(wide)))
        #expect((written == expected) == Native.jpegPlanes, Native.jpegPlanes ? "not the planes' bytes" : "the planes' bytes where they are off")

        for photo in photos {
            let image = try site.image("a/" + photo.split(separator: "/").last!)
            for variant in image.variants {
                let decoded = try VipsImage.decode(Array(try Data(contentsOf: site.url(variant))))
                #expect(decoded.width == variant.width && decoded.height == variant.height, "\(variant.path)")
                if photo.hasSuffix("gray.jpg") {
                    #expect(decoded.bands == 1, "\(variant.path)")
                } else {
                    #expect(decoded.string("jpeg-chroma-subsample") == "4:2:0", "\(variant.path)")
                }
            }
        }
        // Sideways on disk, upright in the manifest and the files.
        let turned = try site.image("a/Landscape_6.jpg")
        #expect(turned.width > turned.height && turned.variants.allSatisfy { $0.width > $0.height })
    }

    @Test("placeholders of a JPEG-only build have the RGB path's colour")
    func placeholderColour() throws {
        let input = try Corpus.scratch()
        try Corpus.copy([Corpus.photo("nature/Storm.jpg"), Corpus.photo("nature/Garden.jpg")], into: input, album: "a")
        var colours: [[Int]] = []
        for jpegOnly in [true, false] {
            var config = jpegOnly ? ResizeQualityTests.jpegOnlyProfile : SiteConfig()
            config.placeholder = .color
            let site = try TestBuild.run(input: input, config: config, output: try Corpus.scratch())
            for name in ["Storm.jpg", "Garden.jpg"] {
                let value = try #require(try site.image("a/" + name).placeholder?.value)
                colours.append([1, 3, 5].map { Int(value.dropFirst($0).prefix(2), radix: 16)! })
            }
        }
        for (planes, rgb) in zip(colours.prefix(2), colours.suffix(2)) {
            #expect(zip(planes, rgb).allSatisfy { abs($0 - $1) <= 4 }, "\(planes) against \(rgb)")
        }
    }
}
