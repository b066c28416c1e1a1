import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing

/// ThumbHash and BlurHash against the reference implementations, bit for
/// bit: vectors made once by scripts/placeholders/make-vectors.py with
/// thumbhash-python 1.0.1 (under JS rounding) and blurhash-python 1.2.2 (the
/// C original), on synthetic and corpus images whose pixels the file holds.
@Suite struct HashConformanceTests {
    struct Vector: Decodable, CustomTestStringConvertible {
        struct Decoded: Decodable {
            var width: Int
            var height: Int
            var rgba: String
        }

        var name: String
        var width: Int
        var height: Int
        var rgba: String
        var thumbhash: String
        var thumbhashDecoded: Decoded
        var blurhash: [String: String]
        /// The C decoder's 20 × 15 RGB image of the 4 × 3 hash.
        var blurhashDecoded: String

        var pixels: [UInt8] { Array(Data(base64Encoded: rgba)!) }
        var rgb: [UInt8] { pixels.enumerated().filter { $0.offset % 4 != 3 }.map(\.element) }
        var testDescription: String { name }
    }

    static let vectors: [Vector] = {
        struct File: Decodable { var vectors: [Vector] }
        let url = Corpus.repoRoot.appendingPathComponent("Tests/Fixtures/placeholders/vectors.json")
        return (try? JSONDecoder().decode(File.self, from: Data(contentsOf: url)).vectors) ?? []
    }()

    @Test("the vectors are there")
    func loaded() {
        #expect(Self.vectors.count >= 12)
    }

    @Test("ThumbHash: the same bytes as the reference", arguments: vectors)
    func thumbHash(_ vector: Vector) {
        let hash = ThumbHash.encode(width: vector.width, height: vector.height, rgba: vector.pixels)
        #expect(Data(hash).base64EncodedString() == vector.thumbhash)
    }

    @Test("ThumbHash decoding: the reference's image, pixel for pixel", arguments: vectors)
    func thumbHashDecode(_ vector: Vector) throws {
        let decoded = try #require(ThumbHash.decode(Array(Data(base64Encoded: vector.thumbhash)!)))
        #expect(decoded.width == vector.thumbhashDecoded.width && decoded.height == vector.thumbhashDecoded.height)
        #expect(Data(decoded.rgba).base64EncodedString() == vector.thumbhashDecoded.rgba)
    }

    @Test("BlurHash: the same string as the C original at 4×3, 3×4, 1×1, 9×9 and 5×2", arguments: vectors)
    func blurHash(_ vector: Vector) {
        for (components, expected) in vector.blurhash {
            let parts = components.split(separator: "x").compactMap { Int($0) }
            let hash = BlurHash.encode(width: vector.width, height: vector.height, rgb: vector.rgb, components: (parts[0], parts[1]))
            #expect(hash == expected, "\(components)")
        }
    }

    @Test("BlurHash decoding: the C decoder's image, pixel for pixel; damaged strings refused", arguments: vectors)
    func blurHashDecode(_ vector: Vector) throws {
        let hash = try #require(vector.blurhash["4x3"])
        let decoded = try #require(BlurHash.decode(hash, width: 20, height: 15))
        #expect(Data(decoded).base64EncodedString() == vector.blurhashDecoded)
        #expect(BlurHash.decode("not a hash", width: 4, height: 4) == nil && BlurHash.decode(String(hash.dropLast()), width: 4, height: 4) == nil)
    }

    @Test("round trips: a photo's hashes decode to its colours, blurred")
    func roundTrip() throws {
        let vector = try #require(Self.vectors.first { $0.name == "corpus-nature-Storm.jpg" })
        func mean(_ pixels: [UInt8], stride step: Int, channel: Int) -> Double {
            let values = Swift.stride(from: channel, to: pixels.count, by: step).map { Double(pixels[$0]) }
            return values.reduce(0, +) / Double(values.count)
        }
        let thumb = try #require(ThumbHash.decode(ThumbHash.encode(width: vector.width, height: vector.height, rgba: vector.pixels)))
        let blur = try #require(BlurHash.decode(BlurHash.encode(width: vector.width, height: vector.height, rgb: vector.rgb, components: (4, 3)),
                                                width: vector.width, height: vector.height))
        for channel in 0..<3 {
            let source = mean(vector.pixels, stride: 4, channel: channel)
            #expect(abs(mean(thumb.rgba, stride: 4, channel: channel) - source) < 12, "ThumbHash channel \(channel)")
            #expect(abs(mean(blur, stride: 3, channel: channel) - source) < 12, "BlurHash channel \(channel)")
        }
        #expect(abs(Double(thumb.width) / Double(thumb.height) - Double(vector.width) / Double(vector.height)) < 0.3, "ThumbHash keeps the aspect")
    }
}
