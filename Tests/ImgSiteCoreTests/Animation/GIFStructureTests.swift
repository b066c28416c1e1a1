import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing
import Vips

/// The GIF block walker against libvips on the corpus, and on crafted files.
@Suite struct GIFStructureTests {
    /// A GIF of `count` frames of `frame` pixels (1-pixel LZW data), 20 ms each.
    static func gif(canvas: (Int, Int), frame: (Int, Int), count: Int) -> [UInt8] {
        func le(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        var bytes = Array("GIF89a".utf8) + le(canvas.0) + le(canvas.1) + [0, 0, 0]
        bytes += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 2, 0, 0]
        for _ in 0..<count {
            bytes += [0x21, 0xF9, 4, 0] + le(2) + [0, 0]
            bytes += [0x2C] + le(0) + le(0) + le(frame.0) + le(frame.1) + [0x80, 0, 0, 0, 255, 255, 255]
            bytes += [2, 2, 0x44, 0x01, 0]
        }
        return bytes + [0x3B]
    }

    @Test("frames, delays and loop as libvips reads them", arguments: [
        "1904-blob-dancing.gif", "7514-bouncingrainbowblob.gif", "7896-blob-jam.gif", "iss634.gif", "mugen.gif", "swiftygif-2.gif",
    ])
    func corpus(_ name: String) throws {
        try Vips.start()
        let path = Corpus.photo("animated/\(name)").path
        let structure = try #require(GIFStructure(Array(try Data(contentsOf: URL(fileURLWithPath: path)))))
        let strip = try VipsImage.pages(of: path, failOn: .none)
        #expect(structure.width == strip.width && structure.height == strip.pageHeight)
        #expect(structure.frames.count == strip.pageCount)
        #expect(structure.frames.map(\.delay) == strip.delays)
        #expect((structure.loops ?? 0) == strip.loop)
        #expect(structure.refusal() == nil)
    }

    @Test("a 0×0 canvas, a 0×0 frame and 10,000 frames are refused with the reason")
    func refusals() throws {
        let empty = try #require(GIFStructure(Self.gif(canvas: (0, 0), frame: (1, 1), count: 2)))
        #expect(empty.refusal()?.reason == "has a canvas of 0×0 pixels")
        let blank = try #require(GIFStructure(Self.gif(canvas: (4, 4), frame: (0, 0), count: 2)))
        #expect(blank.refusal()?.reason == "frame 1 is 0×0 pixels")
        let many = try #require(GIFStructure(Self.gif(canvas: (1, 1), frame: (1, 1), count: 10_000)))
        #expect(many.frames.count == GIFStructure.maxFrames + 1, "the walk stops counting past the limit")
        #expect(many.refusal()?.reason.contains("more than 4096 frames") == true)
        let fine = try #require(GIFStructure(Self.gif(canvas: (1, 1), frame: (1, 1), count: 3)))
        #expect(fine.frames == Array(repeating: .init(width: 1, height: 1, delay: 20), count: 3) && fine.loops == 2 && fine.refusal() == nil)
        #expect(GIFStructure(Array("GIF8".utf8)) == nil && GIFStructure(Array(repeating: 0, count: 40)) == nil)
    }

    @Test("through a build: each bad GIF fails with its name and reason; a cut-short header walk is left to libvips")
    func build() throws {
        let input = try Corpus.scratch("input")
        let album = input.appendingPathComponent("a")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        try Data(Self.gif(canvas: (0, 0), frame: (1, 1), count: 3)).write(to: album.appendingPathComponent("zero-canvas.gif"))
        try Data(Self.gif(canvas: (4, 4), frame: (0, 0), count: 3)).write(to: album.appendingPathComponent("zero-frames.gif"))
        try Data(Self.gif(canvas: (1, 1), frame: (1, 1), count: 10_000)).write(to: album.appendingPathComponent("many.gif"))
        try Data(Self.gif(canvas: (2, 2), frame: (1, 1), count: 3)).write(to: album.appendingPathComponent("fine.gif"))
        let site = try TestBuild.run(input: input)
        let failed = Dictionary(uniqueKeysWithValues: site.summary.failed.map { ($0.path, $0.reason) })
        #expect(failed == [
            "a/zero-canvas.gif": "has a canvas of 0×0 pixels", "a/zero-frames.gif": "frame 1 is 0×0 pixels",
            "a/many.gif": "has more than 4096 frames, the most imgsite reads",
        ])
        #expect(site.manifest.images.map(\.source) == ["a/fine.gif"] && site.manifest.images[0].animation?.framesOut == 3)
    }
}
