import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing
import Vips

/// Garbage over part of a JPEG's scan with no 0xFF byte in it raises no
/// marker and no libjpeg message: the decode goes out of step and paints
/// the rest in shifted colours. The bytes left over after the last block
/// tell it; clean files leave none.
@Suite struct SilentDamageTests {
    /// `file` with 4 KB of seeded garbage (no 0 nor 0xFF byte) over the middle of its scan.
    static func garbled(_ file: String, seed: UInt64) throws -> [UInt8] {
        var bytes = [UInt8](try Data(contentsOf: Corpus.photo(file)))
        let marker = try #require((2..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        let start = marker + 2 + Int(bytes[marker + 2]) << 8 + Int(bytes[marker + 3])
        let middle = start + (bytes.count - start) / 2
        var random = SplitMix(state: seed)
        for index in middle..<(middle + 4096) { bytes[index] = UInt8.random(in: 1...0xFE, using: &random) }
        return bytes
    }

    /// The same garbage for the same seed, run after run.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func write(_ bytes: [UInt8], name: String) throws -> URL {
        let file = try Corpus.scratch("garbled").appending(path: name)
        try Data(bytes).write(to: file)
        return file
    }

    @Test("garbage over a scan is a damaged file: bytes left over after the last block, or libjpeg's own warning", arguments: [
        ("nature/Storm.jpg", 2), ("nature/Storm.jpg", 4), ("cameras/DSCN0010.jpg", 7), ("large/string.jpg", 11), ("nature/Wood.jpg", 5),
    ] as [(String, UInt64)])
    func found(file: String, seed: UInt64) throws {
        let input = try Corpus.scratch("input")
        try FileManager.default.createDirectory(at: input.appending(path: "a"), withIntermediateDirectories: true)
        try Data(try Self.garbled(file, seed: seed)).write(to: input.appending(path: "a/g.jpg"))
        // Out of step to the end: the bytes left over say it; the blocks
        // outrunning the data, libjpeg's warning that libvips lets through.
        let build = try TestBuild.run(input: input)
        let warning = try #require(build.summary.warnings.first, "\(file) seed \(seed): built without a warning")
        #expect(warning.hasPrefix("a/g.jpg: damaged file, built from what could be decoded ("), "\(warning)")
    }

    @Test("no clean photo of the corpus is said damaged: the entropy data of every JPEG ends at its last block")
    func noFalseAlarms() throws {
        let files = (FileManager.default.enumerator(atPath: Corpus.photos.path)?.allObjects as? [String] ?? []).filter {
            $0.lowercased().hasSuffix(".jpg") || $0.lowercased().hasSuffix(".jpeg")
        }
        #expect(files.count > 20)
        for file in files {
            let path = Corpus.photos.appending(path: file).path
            #expect(SilentDamage.problem(atPath: path, fileSize: 0) == nil, "\(file)")
        }
    }

    /// Optimised Huffman tables code a flat area's blocks as zero bits: a
    /// flat 2,000 px JPEG's scan is kilobytes of zeros, and it is no hole
    /// (make bench-damage's generated flat and grey images raised 23 false
    /// alarms before its clean end was asked).
    @Test("a flat image's zero bits are no hole: its data ends at its last block")
    func flatIsClean() throws {
        try Vips.start(concurrency: 1)
        let image = try VipsImage.rgba([UInt8](repeating: 0, count: 2000 * 1500 * 4).enumerated().map { $0.offset % 4 == 3 ? 255 : 0 }, width: 2000, height: 1500)
        let bytes = try image.flattened().encoded(.jpeg(quality: 90, progressive: false, subsample420: true))
        #expect(ZeroFill.hole(in: bytes) != nil, "the scan holds a run of zeros")
        let path = try Self.write(bytes, name: "flat.jpg").path
        #expect(SilentDamage.problem(atPath: path, fileSize: bytes.count) == nil)
    }

    @Test("only a scan out of step is taken for damage: enough bytes left over, or data run out")
    func words() {
        #expect(SilentDamage.outOfStep("Corrupt JPEG data: 182 extraneous bytes before marker 0xd9")?.contains("(182 bytes left over") == true)
        #expect(SilentDamage.outOfStep("Corrupt JPEG data: 3 extraneous bytes before marker 0xd9") == nil)
        #expect(SilentDamage.outOfStep("Corrupt JPEG data: premature end of data segment")?.hasPrefix("its compressed data runs out before its last block") == true)
        #expect(SilentDamage.outOfStep("Invalid SOS parameters for sequential JPEG") == nil && SilentDamage.outOfStep(nil) == nil)
    }

    @Test("imgsite build: the garbled photo is a warning line, damaged file, and the build goes on")
    func buildWarns() throws {
        let input = try Corpus.scratch("input")
        try Corpus.copy([Corpus.photo("nature/Aqua.jpg")], into: input, album: "a")
        try Data(try Self.garbled("nature/Storm.jpg", seed: 2)).write(to: input.appending(path: "a/storm.jpg"))
        let build = try TestBuild.run(input: input)
        #expect(build.summary.built == 2 && build.summary.failed.isEmpty)
        #expect(build.summary.warnings.count == 1 && build.summary.warnings[0].hasPrefix("a/storm.jpg: damaged file, built from what could be decoded (its compressed data "),
                "\(build.summary.warnings)")
    }
}
