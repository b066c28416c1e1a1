import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing

/// `make fuzz`, in process: the APNG demuxer and compositor on corpus APNGs
/// whose chunk contents are corrupted and whose CRCs are then fixed (so the
/// parser, not the checksum, meets the damage), the GIF block walker on
/// corrupted corpus GIFs, and the frame thinner and GIF timing on random
/// delay sequences. Runs for `IMGSITE_FUZZ_SECONDS`.
@Suite(.enabled(if: Fuzzing.seconds != nil, "set IMGSITE_FUZZ_SECONDS to fuzz (make fuzz)"))
struct AnimationFuzzTests {
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["IMGSITE_FUZZ_SEED"].flatMap(UInt64.init) ?? UInt64(Date().timeIntervalSince1970)
    }

    @Test func apngDemuxerNeverCrashesAndKeepsFramesInTheCanvas() throws {
        var random = Mutator.Random(state: Self.seed)
        let originals = try ["animated/apng-delay.png", "animated/elephant.png"].map { try PNGChunks.read(Array(Data(contentsOf: Corpus.photo($0)))) }
        let deadline = Date().addingTimeInterval(Fuzzing.seconds! / 2)
        var (files, refused) = (0, 0)
        while Date() < deadline {
            var chunks = originals[random.below(originals.count)]
            for _ in 0...random.below(4) {
                let index = random.below(chunks.count)
                var data = Array(chunks[index].data)
                switch random.below(4) {
                case 0 where !data.isEmpty: data[random.below(data.count)] ^= UInt8(1 << random.below(8))
                case 1: data = Array(data.prefix(random.below(data.count + 1)))
                case 2 where data.count >= 4: data.replaceSubrange(0..<4, with: [0xFF, 0xFF, UInt8(random.below(256)), UInt8(random.below(256))])
                default: chunks.insert(chunks[index], at: random.below(chunks.count))  // a repeated chunk
                }
                chunks[index].data = data[...]
            }
            let bytes = PNGChunks.signature + chunks.flatMap { PNGChunks.encode($0.type, $0.data) }
            files += 1
            do {
                let file = try APNGFile(bytes)
                // What the processor refuses from the header, over the default pixel limit.
                guard file.width * file.height * file.frames.count <= 100_000_000 else {
                    refused += 1
                    continue
                }
                var compositor = APNGCompositor(width: file.width, height: file.height)
                for (index, frame) in file.frames.prefix(8).enumerated() {
                    #expect(frame.x + frame.width <= file.width && frame.y + frame.height <= file.height)
                    _ = compositor.paint(frame, pixels: [UInt8](repeating: 99, count: frame.width * frame.height * 4), isFirst: index == 0)
                }
            } catch {
                refused += 1
                #expect(!error.description.isEmpty)
            }
        }
        print("fuzz: \(files) damaged APNGs, \(refused) refused with a reason, none crashed")
    }

    @Test func thinningKeepsItsPromisesOnRandomDelays() {
        var random = Mutator.Random(state: Self.seed)
        let deadline = Date().addingTimeInterval(Fuzzing.seconds! / 2)
        var plans = 0
        while Date() < deadline {
            let delays = (0...random.below(600)).map { _ in [0, 10, 16, 20, 33, 40, 100, 1000][random.below(8)] + random.below(3) }
            let (width, height) = (1 + random.below(800), 1 + random.below(800))
            let budget = 4 + random.below(width * height * 4 * delays.count)
            let plan = FrameThinner(budget: budget, minIntegrity: Double(random.below(101)) / 100).plan(delays: delays, width: width, height: height)
            plans += 1
            let total: Int = plan.durations.reduce(0, +)
            let sourceTotal: Int = delays.map(AnimationTiming.shown).reduce(0, +)
            let ordered = plan.frames == plan.frames.sorted() && plan.frames.first == 0
            let longEnough = plan.frames.count == 1 || plan.durations.allSatisfy { $0 >= AnimationTiming.shortestFrame }
            let written: Int = AnimationTiming.centiseconds(plan.durations).reduce(0, +) * 10
            #expect(plan.decodedBytes <= budget)
            #expect(ordered && longEnough && total == sourceTotal)
            #expect(abs(written - total) <= 5)
        }
        print("fuzz: \(plans) random animations planned")
    }

    @Test func gifWalkerNeverCrashesOrOverruns() throws {
        var random = Mutator.Random(state: Self.seed)
        let originals = try ["animated/mugen.gif", "animated/1904-blob-dancing.gif"].map { Array(try Data(contentsOf: Corpus.photo($0))) }
        let deadline = Date().addingTimeInterval(Fuzzing.seconds! / 4)
        var (files, walked) = (0, 0)
        while Date() < deadline {
            var bytes = originals[random.below(originals.count)]
            for _ in 0...random.below(8) {
                switch random.below(3) {
                case 0: bytes[random.below(bytes.count)] = UInt8(random.below(256))
                case 1: bytes = Array(bytes.prefix(random.below(bytes.count + 1)))
                default: bytes[random.below(min(bytes.count, 800))] ^= UInt8(1 << random.below(8))
                }
                if bytes.isEmpty { break }
            }
            files += 1
            guard let structure = GIFStructure(bytes) else { continue }
            walked += 1
            #expect(structure.frames.count <= GIFStructure.maxFrames + 1)
            #expect(structure.frames.allSatisfy { $0.delay >= 0 && $0.delay <= 655_350 })
            _ = structure.refusal()
        }
        print("fuzz: \(files) damaged GIFs, \(walked) walked, none crashed")
    }
}
