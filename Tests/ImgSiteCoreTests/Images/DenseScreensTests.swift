import Foundation
@testable import ImgSiteCore
import Testing
import Vips

/// The lower-quality files for screens of 2x and more (`DenseScreens`):
/// made beside every width's usual file, listed first in `<picture>`, off
/// with `dense_quality: false`, and re-encoded alone when their settings
/// change. (Chromium's choice of them: `SizeMatchingTests`.)
@Suite struct DenseScreensTests {
    @Test("every WebP width up to 2,000 px has a dense twin: same size, same picture, 45–80 % of the bytes over the corpus")
    func twins() throws {
        let site = try CorpusSite.build()
        var (denseBytes, usualBytes) = (0, 0)
        for image in site.manifest.images where image.animation == nil {
            let usual = image.stills.filter { $0.format == .webp }
            let twins = usual.filter { $0.width <= DenseScreens.widest }
            #expect(image.denseStills.map(\.width) == twins.map(\.width), "\(image.source)")
            // Above it a dense screen takes the usual files, listed in its source.
            #expect(image.denseChoice(.webp).map(\.path) == usual.filter { $0.width > DenseScreens.widest }.map(\.path) + image.denseStills.map(\.path))
            for (dense, twin) in zip(image.denseStills, twins) {
                #expect(dense.format == .webp && dense.path.contains("-\(dense.width)-dense."))
                let (a, b) = (try Self.decode(dense, in: site), try Self.decode(twin, in: site))
                #expect(a.width == b.width && a.height == b.height, "\(dense.path)")
                guard dense.width >= 256 else { continue }  // a thumbnail's pixels are too few to compare at 64 px
                let difference = try StillOutputTests.meanDifference(a, b)
                // Measured: at most 3.0 levels (a 262 px file of a noisy camera
                // photo); another photo or a colour shift is 20 or more.
                #expect(difference < 4, "\(dense.path) differs from its twin by \(difference) per channel")
                denseBytes += dense.bytes
                usualBytes += twin.bytes
            }
        }
        let share = Double(denseBytes) / Double(max(usualBytes, 1))
        #expect((0.45...0.8).contains(share), "dense files are \(share) of their twins' bytes")
    }

    @Test("the dense source comes first per format, with the same sizes; AVIF's before WebP's")
    func pictureOrder() throws {
        let input = try Corpus.scratch()
        try Corpus.copy([Corpus.photo("cameras/kodak-dc240.jpg")], into: input, album: "a")
        var config = SiteConfig()
        config.formats = [.jpeg, .webp, .avif]
        let site = try TestBuild.run(input: input, config: config)
        let html = try String(contentsOf: site.output.appendingPathComponent("a/index.html"), encoding: .utf8)
        let sources = html.components(separatedBy: "<source ").dropFirst().map { $0.prefix { $0 != ">" } }
        #expect(sources.count == 4)
        let expected = [("image/avif", true), ("image/avif", false), ("image/webp", true), ("image/webp", false)]
        for (source, (type, dense)) in zip(sources, expected) {
            #expect(source.contains("type=\"\(type)\""))
            #expect(source.contains("media=\"\(DenseScreens.media)\"") == dense, "\(source)")
            #expect(source.contains("-dense.") == dense)
        }
        let sizes = sources.map { $0.components(separatedBy: "sizes=\"").last ?? "" }
        #expect(Set(sizes).count == 1, "every source has the same sizes")
        let image = try site.image("a/kodak-dc240.jpg")
        #expect(Set(image.denseStills.map(\.format)) == [.webp, .avif])
    }

    @Test("dense_quality: false makes none; a new dense quality re-encodes only the dense files")
    func settings() throws {
        let input = try Corpus.scratch()
        try Corpus.copy([Corpus.photo("nature/Storm.jpg")], into: input, album: "a")
        let output = try Corpus.scratch("site")
        let first = try TestBuild.run(input: input, output: output)
        let dense = try first.image("a/Storm.jpg").denseStills
        #expect(!dense.isEmpty)

        var lower = SiteConfig()
        lower.webp.dense!.quality = 35
        let second = try TestBuild.run(input: input, config: lower, output: output)
        #expect(second.summary.encodedFiles == dense.count, "only the dense files are made again")
        let image = try second.image("a/Storm.jpg")
        #expect(image.stills.map(\.path) == (try first.image("a/Storm.jpg")).stills.map(\.path))
        #expect(image.denseStills.map(\.bytes).reduce(0, +) < dense.map(\.bytes).reduce(0, +))

        var off = SiteConfig()
        off.webp.dense = nil
        let third = try TestBuild.run(input: input, config: off, output: output)
        #expect(third.summary.encodedFiles == 0)
        #expect(try third.image("a/Storm.jpg").denseStills.isEmpty)
        let html = try String(contentsOf: output.appendingPathComponent("a/index.html"), encoding: .utf8)
        #expect(!html.contains("media=\"\(DenseScreens.media)\"") && !html.contains("-dense."))
        let left = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("a/_img").path)
        #expect(!left.contains { $0.contains("-dense.") }, "the dense files are pruned")
    }

    static func decode(_ variant: Variant, in site: TestBuild) throws -> VipsImage {
        try VipsImage.decode(Array(try Data(contentsOf: site.url(variant))))
    }
}
