import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing
import Vips

/// The lower-quality files for screens of 2x and more (`DenseScreens`):
/// AVIF beside every width's usual files, listed first in `<picture>`, off
/// with `dense_format: false`, and re-encoded alone when their settings
/// change. (Chromium's choice of them: `SizeMatchingTests`.)
@Suite struct DenseScreensTests {
    @Test("every width a dense screen may take up to 1,600 px has a dense AVIF twin: same size, same picture, 30–70 % of the WebP twin's bytes over the corpus")
    func twins() throws {
        let site = try CorpusSite.build()
        let planner = ImageSettings(config: SiteConfig(), layout: ThemeLayout()).planner
        var (denseBytes, usualBytes) = (0, 0)
        for image in site.manifest.images where image.animation == nil {
            let usual = image.stills.filter { $0.format == .webp }
            // From the narrowest a dense screen paints it: a narrower file is never chosen.
            let floor = planner.denseFloor(sourceWidth: image.width, sourceHeight: image.height)
            let twins = usual.filter { $0.width <= DenseScreens.widest && Double($0.width) >= floor }
            #expect(image.denseStills.map(\.width) == twins.map(\.width), "\(image.source)")
            // Above it a dense screen takes the usual files, listed in its source.
            #expect(image.denseChoice().map(\.path) == usual.filter { $0.width > DenseScreens.widest }.map(\.path) + image.denseStills.map(\.path))
            for (dense, twin) in zip(image.denseStills, twins) {
                #expect(dense.format == .avif && dense.path.hasSuffix(".avif") && dense.path.contains("-\(dense.width)-dense."))
                let (a, b) = (try Self.decode(dense, in: site), try Self.decode(twin, in: site))
                #expect(a.width == b.width && a.height == b.height, "\(dense.path)")
                guard dense.width >= 256 else { continue }  // a thumbnail's pixels are too few to compare at 64 px
                // As seen: over white, so the colour hidden under transparent
                // pixels, which WebP drops and AVIF keeps, does not count.
                let difference = try StillOutputTests.meanDifference(try a.flattened(), try b.flattened())
                // Measured: at most 3.0 levels (a 262 px file of a noisy camera
                // photo); another photo or a colour shift is 20 or more.
                #expect(difference < 4, "\(dense.path) (\(dense.width) px) differs from its twin by \(difference) per channel")
                denseBytes += dense.bytes
                usualBytes += twin.bytes
            }
        }
        let share = Double(denseBytes) / Double(max(usualBytes, 1))
        #expect((0.3...0.7).contains(share), "dense files are \(share) of their twins' bytes")
    }

    @Test("the dense source comes first, with the same sizes, in AVIF or as set in dense_format")
    func pictureOrder() throws {
        let input = try Corpus.scratch()
        try Corpus.copy([Corpus.photo("cameras/kodak-dc240.jpg")], into: input, album: "a")
        var config = SiteConfig()
        config.formats = [.jpeg, .webp, .avif]
        let expected = [("image/avif", true), ("image/avif", false), ("image/webp", false)]
        try Self.expectSources(try TestBuild.run(input: input, config: config), expected)
        config.denseFormat = .webp
        try Self.expectSources(try TestBuild.run(input: input, config: config), [("image/webp", true)] + expected.dropFirst())
    }

    static func expectSources(_ site: TestBuild, _ expected: [(type: String, dense: Bool)]) throws {
        let html = try String(contentsOf: site.output.appendingPathComponent("a/index.html"), encoding: .utf8)
        let sources = html.components(separatedBy: "<source ").dropFirst().map { $0.prefix { $0 != ">" } }
        #expect(sources.count == expected.count)
        for (source, (type, dense)) in zip(sources, expected) {
            #expect(source.contains("type=\"\(type)\""))
            #expect(source.contains("media=\"\(DenseScreens.media)\"") == dense, "\(source)")
            #expect(source.contains("-dense.") == dense)
        }
        let sizes = sources.map { $0.components(separatedBy: "sizes=\"").last ?? "" }
        #expect(Set(sizes).count == 1, "every source has the same sizes")
        let type = expected.first { $0.dense }?.type
        #expect(try site.image("a/kodak-dc240.jpg").denseStills.allSatisfy { $0.format.mimeType == type })
    }

    /// Every `<source>` of every page under `folder`: its `type` and the file names its srcset lists.
    static func sources(in folder: URL) throws -> [(page: String, media: String, type: String, files: [String])] {
        var found: [(page: String, media: String, type: String, files: [String])] = []
        for (path, data) in try FolderTree.read(folder) where path.hasSuffix(".html") {
            for tag in String(decoding: data, as: UTF8.self).matches(of: /<source [^>]*>/) {
                let text = String(tag.output)
                let value = { (name: String) -> String in
                    guard let start = text.range(of: " \(name)=\"") else { return "" }
                    return String(text[start.upperBound...].prefix { $0 != "\"" })
                }
                let files = value("srcset").split(separator: ", ").map { String($0.split(separator: " ").first ?? "") }
                found.append((path, value("media"), value("type"), files))
            }
        }
        return found
    }

    @Test("a source's type names every file of its srcset: the dense screens' wider files of another format have sources of their own")
    func sourceTypes() throws {
        let site = try CorpusSite.build()
        let sources = try Self.sources(in: site.output)
        #expect(sources.count > 100)
        let mismatched = sources.filter { source in
            !source.files.allSatisfy { file in OutputFormat.allCases.first { file.hasSuffix(".\($0.fileExtension)") }?.mimeType == source.type }
        }
        #expect(mismatched.isEmpty, "\(mismatched.prefix(3))")
        // A large photo's page: WebP above the widest AVIF, for the screens that show it wider, then the AVIF.
        let wide = sources.filter { $0.media.contains("min-width") }
        #expect(!wide.isEmpty && wide.allSatisfy { $0.type == "image/webp" && !$0.page.hasSuffix("index.html") }, "only photo pages")
        #expect(wide.contains { $0.media.hasPrefix("(min-resolution: 3dppx) and (min-width: ") }
                && wide.contains { $0.media.hasPrefix("(min-resolution: 2dppx) and (min-width: ") })
    }

    @Test("dense_format: false makes none; a new dense quality re-encodes only the dense files")
    func settings() throws {
        let input = try Corpus.scratch()
        try Corpus.copy([Corpus.photo("nature/Storm.jpg")], into: input, album: "a")
        let output = try Corpus.scratch("site")
        let first = try TestBuild.run(input: input, output: output)
        let dense = try first.image("a/Storm.jpg").denseStills
        #expect(!dense.isEmpty)

        var lower = SiteConfig()
        lower.avif.dense!.quality = 40
        let second = try TestBuild.run(input: input, config: lower, output: output)
        #expect(second.summary.encodedFiles == dense.count, "only the dense files are made again")
        let image = try second.image("a/Storm.jpg")
        #expect(image.stills.map(\.path) == (try first.image("a/Storm.jpg")).stills.map(\.path))
        #expect(image.denseStills.map(\.bytes).reduce(0, +) < dense.map(\.bytes).reduce(0, +))

        var off = SiteConfig()
        off.denseFormat = nil
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
