import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing
import Vips

/// The corpus animations through a whole build: files by role within the
/// budget, pages that play them (or show the poster), the cache, bad files.
@Suite struct AnimationBuildTests {
    static let budget = SiteConfig().animated.memoryBudget
    private static let shared = Result { try TestBuild.run(input: Corpus.photo("animated")) }

    static func site() throws -> TestBuild { try shared.get() }

    @Test("every animation: a WebP and a GIF within the budget, timing and loop kept, JPEG and WebP posters")
    func files() throws {
        let site = try Self.site()
        #expect(site.summary.failed.isEmpty && site.summary.animations == 9 && site.manifest.images.count == 9)
        for image in site.manifest.images {
            let stats = try #require(image.animation, "\(image.source)")
            #expect(stats.decodedBytesAfter <= Self.budget && stats.framesOut <= stats.framesIn, "\(image.source)")
            #expect(stats.framesOut * 2 >= stats.framesIn || stats.scale < 1, "\(image.source): half the frames kept, else scaled")
            let files = try [VariantRole.image, .fallback].map { role in try #require(image.variants.first { $0.role == role }) }
            #expect(files.map(\.format) == [.webp, .gif])
            for file in files {
                let back = try VipsImage.pages(of: site.url(file).path, failOn: .warning)
                #expect(back.pageCount == stats.framesOut, "\(file.path)")
                #expect(back.width == file.width && back.pageHeight == file.height, "\(file.path)")
                #expect(back.width * back.pageHeight * 4 * back.pageCount <= Self.budget, "\(file.path)")
                #expect(abs(back.delays.reduce(0, +) - stats.durationMs) <= 10, "\(file.path): \(back.delays.reduce(0, +)) ms")
                #expect(back.loop == stats.loops, "\(file.path)")
            }
            let posters = image.variants.filter { $0.role == .poster }
            // WebP at every width, JPEG (the <img> fallback) at a few of them.
            let (webp, jpeg) = (posters.filter { $0.format == .webp }.map(\.width), posters.filter { $0.format == .jpeg }.map(\.width))
            #expect(!jpeg.isEmpty && jpeg.count + webp.count == posters.count && Set(jpeg).isSubset(of: webp), "\(image.source)")
            #expect(jpeg == JPEGFallback.widths(of: webp), "\(image.source)")
            for poster in posters {
                let decoded = try VipsImage.header(of: site.url(poster).path)
                #expect(decoded.width == poster.width && decoded.framesInFile == 1, "\(poster.path)")
                if poster.format == .jpeg { #expect(decoded.string("jpeg-chroma-subsample") == "4:2:0", "\(poster.path)") }
            }
        }
    }

    @Test("the elephant (480×400, 34 frames, 26 MB decoded) is thinned to 20 fps within 24 MB, at full size")
    func elephant() throws {
        let stats = try #require(try Self.site().image("elephant.png").animation)
        #expect(stats.framesIn == 34 && stats.decodedBytesBefore == 26_112_000)
        #expect(stats.decodedBytesAfter <= 24_000_000 && stats.fps == 20 && stats.scale == 1 && stats.framesOut >= 17)
    }

    @Test("the photo page plays it, the poster under reduced motion; the grid shows posters; every img is sized")
    func pages() throws {
        let site = try Self.site()
        let image = try site.image("mugen.gif")
        let page = try String(contentsOf: site.output.appendingPathComponent("mugen.html"), encoding: .utf8)
        let picture = try #require(page.range(of: "<picture>").flatMap { start in page.range(of: "</picture>").map { page[start.lowerBound..<$0.upperBound] } })
        let lines = picture.split(separator: "\n").map(String.init)
        let reduced = PictureBuilder.reducedMotion
        // The poster's sources come first, so reduced motion never reaches the animation.
        #expect(lines[1].contains("media=\"\(reduced)\"") && lines[1].contains("-poster.") && lines[1].contains("image/webp"))
        #expect(lines[2].contains("media=\"\(reduced)\"") && lines[2].contains("-poster.") && lines[2].contains("image/jpeg"))
        let webp = try #require(image.variants.first { $0.role == .image })
        let gif = try #require(image.variants.first { $0.role == .fallback })
        #expect(lines[3] == "<source type=\"image/webp\" srcset=\"\(webp.path) \(webp.width)w\" sizes=\"\(Self.sizes(lines[3]))\">")
        #expect(lines[4].hasPrefix("<img src=\"\(gif.path)\"") && lines[4].contains("width=\"\(gif.width)\" height=\"\(gif.height)\""))
        let index = try String(contentsOf: site.output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(!index.contains(".gif") && !index.contains(webp.path), "the grid shows posters only")
        #expect(index.components(separatedBy: "<img ").dropFirst().allSatisfy { $0.contains(" width=\"") && $0.contains(" height=\"") })
    }

    private static func sizes(_ line: String) -> String {
        line.components(separatedBy: "sizes=\"").last?.components(separatedBy: "\"").first ?? ""
    }

    @Test("a smaller budget re-encodes only the animated files; the posters come from the cache")
    func budgetChange() throws {
        let output = try Corpus.scratch("site")
        let input = try Corpus.scratch("input")
        try Corpus.copy([Corpus.photo("animated/elephant.png"), Corpus.photo("animated/iss634.gif")], into: input, album: "a")
        _ = try TestBuild.run(input: input, output: output)
        var config = SiteConfig()
        config.animated.memoryBudget = 4_000_000
        let second = try TestBuild.run(input: input, config: config, output: output)
        #expect(second.summary.encodedFiles == 4, "WebP and GIF of the two animations, nothing else")
        for image in second.manifest.images {
            let stats = try #require(image.animation)
            #expect(stats.decodedBytesAfter <= 4_000_000, "\(image.source)")
        }
        let third = try TestBuild.run(input: input, config: config, output: output)
        #expect(third.summary.built == 0 && third.summary.sourcesRead == 0)
    }

    @Test("bad animations fail with the file and the reason, and the rest builds")
    func badFiles() throws {
        let input = try Corpus.scratch("input")
        let album = input.appendingPathComponent("a")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        var apng = Array(try Data(contentsOf: Corpus.photo("animated/apng-delay.png")))
        try Data(apng).write(to: album.appendingPathComponent("good.png"))
        // acTL (after the 8-byte signature and the 25-byte IHDR chunk) announcing zero frames, CRC fixed.
        let actl = try #require(Self.chunkOffset("acTL", in: apng))
        apng.replaceSubrange((actl + 8)..<(actl + 12), with: [0, 0, 0, 0])
        let crc = CRC32.checksum(apng[(actl + 4)..<(actl + 16)])
        apng.replaceSubrange((actl + 16)..<(actl + 20), with: withUnsafeBytes(of: crc.bigEndian) { Array($0) })
        try Data(apng).write(to: album.appendingPathComponent("zero-frames.png"))
        let gif = Array(try Data(contentsOf: Corpus.photo("animated/mugen.gif")))
        try Data(gif.prefix(gif.count / 3)).write(to: album.appendingPathComponent("cut.gif"))
        let site = try TestBuild.run(input: input)
        let failed = Dictionary(uniqueKeysWithValues: site.summary.failed.map { ($0.path, $0.reason) })
        #expect(failed["a/zero-frames.png"]?.contains("zero frames") == true, "\(failed)")
        #expect(site.manifest.images.map(\.source).contains("a/good.png"))
        // A GIF cut short still shows its first frames in a browser: built with a warning, or named.
        #expect(site.manifest.images.contains { $0.source == "a/cut.gif" } || failed["a/cut.gif"] != nil)
    }

    static func chunkOffset(_ type: String, in bytes: [UInt8]) -> Int? {
        var offset = 8
        while offset + 8 <= bytes.count {
            if String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self) == type { return offset }
            offset += 12 + Int(bytes.bigEndianUInt32(at: offset))
        }
        return nil
    }
}
