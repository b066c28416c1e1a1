import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing
import Vips

/// Every animation of the corpus through the animated path: the files'
/// frames fit the budget, the loop keeps its duration and count, the GIF is
/// exact to 10 ms, the poster is the first frame.
@Suite(.tags(.imagePipeline)) struct AnimationOutputTests {
    static let budget = 24_000_000
    static let files = ["1904-blob-dancing.gif", "7514-bouncingrainbowblob.gif", "7896-blob-jam.gif", "animated-webp-supported.webp",
                        "apng-delay.png", "elephant.png", "iss634.gif", "mugen.gif", "swiftygif-2.gif"]

    /// What the animated path makes of a corpus file shown `width` px wide.
    struct Made {
        var source: AnimationSource
        var plan: FrameThinner.Plan
        var webp: [UInt8]
        /// Nil where libvips has no GIF saver (the release bundle's).
        var gif: [UInt8]?
        var duration: Int { source.delays.map(AnimationTiming.shown).reduce(0, +) }
    }

    static func make(_ path: String, width: Int, budget: Int = budget) throws -> Made {
        try? Vips.start()
        var config = SiteConfig()
        config.animated.memoryBudget = budget
        let processor = AnimationProcessor(settings: ImageSettings(config: config, layout: ThemeLayout()))
        let source = try processor.open(path, displayPath: path)
        let height = max(1, Int((Double(source.height) * Double(width) / Double(source.width)).rounded()))
        let plan = config.animated.thinner.plan(delays: source.delays, width: width, height: height)
        let files = try processor.animate(source, frames: plan, formats: Vips.writesGIF ? [.webp, .gif] : [.webp])
        return Made(source: source, plan: plan, webp: files[.webp]!, gif: files[.gif])
    }

    /// Reads an encoded animation back through a file, as a browser gets it.
    static func readBack(_ bytes: [UInt8], ext: String) throws -> VipsImage {
        let file = try Corpus.scratch("readback").appendingPathComponent("animation.\(ext)")
        try Data(bytes).write(to: file)
        return try VipsImage.pages(of: file.path, failOn: .warning).materialized()
    }

    @Test("WebP and GIF within the budget, with the loop's duration and count", arguments: files)
    func corpusFile(_ name: String) throws {
        let path = Corpus.photo("animated/\(name)").path
        let output = try Self.make(path, width: min(480, try VipsImage.header(of: path).width))
        let plan = output.plan
        #expect(plan.decodedBytes <= Self.budget)
        #expect(plan.durations.reduce(0, +) == output.duration)
        #expect((output.gif != nil) == Vips.writesGIF)
        for (bytes, ext) in [(output.webp, "webp"), (output.gif, "gif")].compactMap({ bytes, ext in bytes.map { ($0, ext) } }) {
            let back = try Self.readBack(bytes, ext: ext)
            #expect(back.pageCount == plan.frames.count, "\(name).\(ext): \(back.pageCount) frames, planned \(plan.frames.count)")
            #expect(back.width == plan.width && back.pageHeight == plan.height, "\(name).\(ext)")
            #expect(back.width * back.pageHeight * 4 * back.pageCount <= Self.budget)
            let total = back.delays.reduce(0, +)
            #expect(abs(total - output.duration) <= 10, "\(name).\(ext): \(total) ms against \(output.duration) ms")
            #expect(back.loop == output.source.loops, "\(name).\(ext): loop")
        }
    }

    @Test("the elephant (480×400, 34 frames, 26 MB decoded) comes out within 24 MB")
    func elephant() throws {
        let output = try Self.make(Corpus.photo("animated/elephant.png").path, width: 480)
        #expect(output.source.delays.count == 34 && output.source.width * output.source.height * 4 * 34 == 26_112_000)
        #expect(output.plan.decodedBytes <= Self.budget && output.plan.frames.count >= 17)
    }

    @Test("a tight budget thins the frames and keeps at least half")
    func tight() throws {
        let output = try Self.make(Corpus.photo("animated/7514-bouncingrainbowblob.gif").path, width: 60, budget: 60 * 60 * 4 * 50)
        #expect(output.source.delays.count == 237 && output.plan.frames.count <= 237 && output.plan.decodedBytes <= 60 * 60 * 4 * 50)
        #expect(output.plan.frames.count >= 119 || output.plan.width < 60, "at least half the frames, else scaled down")
    }
}

extension AnimationOutputTests {
    /// Mean absolute difference per channel (0–255) of two RGBA frames.
    static func meanError(_ a: [UInt8], _ b: [UInt8]) -> Double {
        Double(zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.count)
    }

    /// The source's frame `index` as a browser shows it, at `width` × `height`, composited on black.
    static func sourceFrame(_ strip: VipsImage, index: Int, width: Int, height: Int) throws -> [UInt8] {
        try strip.cropped(left: 0, top: index * strip.pageHeight, width: strip.width, height: strip.pageHeight)
            .resized(toWidth: width, height: height).rgba().pixelBytes()
    }

    @Test("each kept frame is the source frame shown at the same moment", arguments: ["mugen.gif", "iss634.gif", "animated-webp-supported.webp"])
    func framesMatch(_ name: String) throws {
        let path = Corpus.photo("animated/\(name)").path
        // A budget that forces thinning, so kept and dropped frames are told apart.
        let source = try VipsImage.pages(of: path, failOn: .none).rgba().materialized()
        let budget = source.width * source.pageHeight * 4 * (source.pageCount * 2 / 3)
        let output = try Self.make(path, width: source.width, budget: budget)
        let back = try Self.readBack(output.webp, ext: "webp").rgba().materialized()
        var errors: [Double] = []
        for (k, index) in output.plan.frames.enumerated() {
            let made = try back.cropped(left: 0, top: k * back.pageHeight, width: back.width, height: back.pageHeight).pixelBytes()
            let error = { (frame: Int) throws -> Double in
                Self.meanError(made, try Self.sourceFrame(source, index: frame, width: back.width, height: back.pageHeight))
            }
            let own = try error(index)
            errors.append(own)
            // Closer to its own source frame than to any other frame near it in time.
            for other in [index - 2, index - 1, index + 1, index + 2] where (0..<source.pageCount).contains(other) {
                let neighbour = try error(other)
                #expect(own <= neighbour + 0.5, "\(name): output frame \(k) is nearer source frame \(other) (\(neighbour)) than \(index) (\(own))")
            }
        }
        // Lossy WebP at quality 80 on dithered GIF frames: a few levels of
        // error per channel; a wrong or garbled frame is tens of levels off.
        #expect(errors.allSatisfy { $0 < 10 }, "\(name): \(errors.map { String(format: "%.1f", $0) })")
    }
}
