import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing

/// The APNG demuxer on the corpus and on crafted files, and the compositor
/// against canvases worked out by hand from the specification.
@Suite struct APNGTests {
    @Test("the corpus APNGs: every frame, its delay and the loop count")
    func corpus() throws {
        let elephant = try APNGFile(Array(Data(contentsOf: Corpus.photo("animated/elephant.png"))))
        #expect(elephant.width == 480 && elephant.height == 400 && elephant.frames.count == 34)
        #expect(elephant.frames.allSatisfy { $0.x + $0.width <= 480 && $0.y + $0.height <= 400 && $0.png.starts(with: PNGChunks.signature) })
        let delays = try APNGFile(Array(Data(contentsOf: Corpus.photo("animated/apng-delay.png"))))
        #expect(delays.frames.count > 1 && delays.frames.allSatisfy { $0.delay > 0 })
        #expect(APNGFile.isAnimated(Array(try Data(contentsOf: Corpus.photo("animated/elephant.png")))))
        #expect(!APNGFile.isAnimated(Array(try Data(contentsOf: Corpus.photo("formats/transparent.png")))))
    }

    // MARK: crafted files

    /// A frame's compressed pixels: the IDAT data of a tiny RGB PNG.
    static func pixelData(_ width: Int, _ height: Int) throws -> ArraySlice<UInt8> {
        let png = TinyPNG.encode(RGBGrid(width: width, height: height, pixels: Array(repeating: 200, count: width * height * 3)))
        return try #require(try PNGChunks.read(png).first { $0.type == "IDAT" }).data
    }

    static func frameControl(_ sequence: Int, _ width: Int, _ height: Int, x: Int = 0, y: Int = 0) -> [UInt8] {
        var data: [UInt8] = []
        for value in [sequence, width, height, x, y] { data.appendBigEndian(UInt32(value)) }
        data.appendBigEndian(UInt16(1))
        data.appendBigEndian(UInt16(10))
        return PNGChunks.encode("fcTL", data + [0, 0])
    }

    static func file(frames: Int, announced: Int? = nil, sequences: [Int]? = nil, secondSize: (Int, Int) = (4, 4)) throws -> [UInt8] {
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(4))
        header.appendBigEndian(UInt32(4))
        header += [8, 2, 0, 0, 0]
        var actl: [UInt8] = []
        actl.appendBigEndian(UInt32(announced ?? frames))
        actl.appendBigEndian(UInt32(0))
        var bytes = PNGChunks.signature + PNGChunks.encode("IHDR", header) + PNGChunks.encode("acTL", actl)
        let numbers = sequences ?? Array(0..<(frames * 2))
        if frames > 0 {
            bytes += frameControl(numbers[0], 4, 4) + PNGChunks.encode("IDAT", try pixelData(4, 4))
        }
        for frame in 1..<max(1, frames) {
            let (width, height) = secondSize
            var fdat: [UInt8] = []
            fdat.appendBigEndian(UInt32(numbers[frame * 2]))
            bytes += frameControl(numbers[frame * 2 - 1], width, height) + PNGChunks.encode("fdAT", fdat + (try pixelData(width, height)))
        }
        return bytes + PNGChunks.encode("IEND", [])
    }

    @Test("a well-formed crafted file reads; each frame is a PNG of its own size")
    func crafted() throws {
        let file = try APNGFile(try Self.file(frames: 2, secondSize: (2, 3)))
        #expect(file.frames.count == 2 && file.frames[1].width == 2 && file.frames[1].height == 3 && file.frames[0].delay == 100)
        let second = try PNGChunks.read(file.frames[1].png)
        #expect(second.map(\.type) == ["IHDR", "IDAT", "IEND"])
        #expect(Array(second[0].data).bigEndianUInt32(at: 0) == 2 && Array(second[0].data).bigEndianUInt32(at: 4) == 3)
    }

    @Test("bad files: each gets a reason naming what is wrong", arguments: [
        ("wrong sequence", "sequence number"),
        ("truncated fdAT", "truncated"),
        ("zero frames", "zero frames"),
        ("frame larger than the canvas", "larger than the 4×4 canvas"),
        ("frame count differs", "announces 3 frames"),
    ])
    func bad(_ case_: String, _ reason: String) throws {
        let bytes: [UInt8]
        switch case_ {
        case "wrong sequence": bytes = try Self.file(frames: 2, sequences: [0, 2, 1, 3])
        case "truncated fdAT":
            let whole = try Self.file(frames: 2)
            bytes = Array(whole[..<(whole.count - 30)])
        case "zero frames": bytes = try Self.file(frames: 0)
        case "frame larger than the canvas": bytes = try Self.file(frames: 2, secondSize: (5, 4))
        default: bytes = try Self.file(frames: 2, announced: 3)
        }
        #expect {
            _ = try APNGFile(bytes)
        } throws: { error in
            "\(error)".contains(reason)
        }
    }

    // MARK: compositing

    static func frame(_ x: Int, _ y: Int, _ width: Int, _ height: Int, _ dispose: APNGFile.Dispose, _ blend: APNGFile.Blend) -> APNGFile.Frame {
        APNGFile.Frame(x: x, y: y, width: width, height: height, delay: 100, dispose: dispose, blend: blend, png: [])
    }

    static func solid(_ width: Int, _ height: Int, _ rgba: [UInt8]) -> [UInt8] {
        Array((0..<(width * height)).map { _ in rgba }.joined())
    }

    static func pixel(_ canvas: [UInt8], _ x: Int, _ y: Int, width: Int = 2) -> [UInt8] {
        Array(canvas[(y * width + x) * 4..<(y * width + x) * 4 + 4])
    }

    @Test("dispose none, background and previous, blend source and over, on a 2×2 canvas")
    func compositing() {
        let red: [UInt8] = [255, 0, 0, 255], blue: [UInt8] = [0, 0, 255, 255], halfGreen: [UInt8] = [0, 255, 0, 128]
        let clear: [UInt8] = [0, 0, 0, 0]

        // none: the next frame paints over what stays.
        var none = APNGCompositor(width: 2, height: 2)
        _ = none.paint(Self.frame(0, 0, 2, 2, .none, .source), pixels: Self.solid(2, 2, red), isFirst: true)
        let overRed = none.paint(Self.frame(1, 1, 1, 1, .none, .over), pixels: halfGreen, isFirst: false)
        // over: alpha 128/255 of green on opaque red = (127, 128, 0), opaque.
        #expect(Self.pixel(overRed, 1, 1) == [127, 128, 0, 255] && Self.pixel(overRed, 0, 0) == red)

        // background: the region is cleared before the next frame.
        var background = APNGCompositor(width: 2, height: 2)
        _ = background.paint(Self.frame(0, 0, 2, 2, .none, .source), pixels: Self.solid(2, 2, red), isFirst: true)
        _ = background.paint(Self.frame(0, 0, 1, 1, .background, .source), pixels: blue, isFirst: false)
        let afterClear = background.paint(Self.frame(1, 0, 1, 1, .none, .source), pixels: blue, isFirst: false)
        #expect(Self.pixel(afterClear, 0, 0) == clear && Self.pixel(afterClear, 1, 0) == blue && Self.pixel(afterClear, 1, 1) == red)

        // previous: the region goes back to what it was before the frame.
        var previous = APNGCompositor(width: 2, height: 2)
        _ = previous.paint(Self.frame(0, 0, 2, 2, .none, .source), pixels: Self.solid(2, 2, red), isFirst: true)
        let shown = previous.paint(Self.frame(0, 0, 1, 1, .previous, .source), pixels: blue, isFirst: false)
        #expect(Self.pixel(shown, 0, 0) == blue)
        let restored = previous.paint(Self.frame(1, 1, 1, 1, .none, .source), pixels: blue, isFirst: false)
        #expect(Self.pixel(restored, 0, 0) == red && Self.pixel(restored, 1, 1) == blue)

        // source with transparency replaces; over with transparency leaves the canvas.
        var source = APNGCompositor(width: 2, height: 2)
        _ = source.paint(Self.frame(0, 0, 2, 2, .none, .source), pixels: Self.solid(2, 2, red), isFirst: true)
        let replaced = source.paint(Self.frame(0, 0, 1, 1, .none, .source), pixels: clear, isFirst: false)
        let kept = source.paint(Self.frame(1, 0, 1, 1, .none, .over), pixels: clear, isFirst: false)
        #expect(Self.pixel(replaced, 0, 0) == clear && Self.pixel(kept, 1, 0) == red)

        // previous on the first frame means background.
        var first = APNGCompositor(width: 2, height: 2)
        _ = first.paint(Self.frame(0, 0, 2, 2, .previous, .source), pixels: Self.solid(2, 2, red), isFirst: true)
        let next = first.paint(Self.frame(0, 0, 1, 1, .none, .over), pixels: halfGreen, isFirst: false)
        #expect(Self.pixel(next, 1, 1) == clear && Self.pixel(next, 0, 0) == halfGreen)
    }
}
