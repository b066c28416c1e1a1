import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing
import Vips

/// `make bench` part 4 (not in CI): every placeholder kind on every photo of
/// the corpus. Writes, for scripts/bench/placeholders.py to paint in
/// Chromium and score: each kind's CSS, value and compute time per photo
/// (sampling from the smallest decoded width + encoding, best of 5), and a
/// 32 px Lanczos reference of each photo flattened onto the page white.
enum PlaceholderBenchRun {
    static let folder = ProcessInfo.processInfo.environment["IMGSITE_PLACEHOLDER_BENCH"]
}

@Suite(.enabled(if: PlaceholderBenchRun.folder != nil, "set IMGSITE_PLACEHOLDER_BENCH=folder to measure (make bench)"))
struct PlaceholderBench {
    struct Entry: Encodable {
        var photo: String
        var width: Int
        var height: Int
        var hasAlpha: Bool
        var reference: String
        var kinds: [String: Measured]
    }

    struct Measured: Encodable {
        var css: String
        var value: String
        var dataAttribute: String?
        var microseconds: Double
    }

    @Test func measureEveryKind() throws {
        let out = URL(fileURLWithPath: PlaceholderBenchRun.folder!)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let files = FileManager.default.enumerator(at: Corpus.photos, includingPropertiesForKeys: nil)!.compactMap { $0 as? URL }
            .filter { ["jpg", "jpeg", "png", "webp", "gif", "tif", "heic", "avif"].contains($0.pathExtension.lowercased()) }
            .sorted { $0.path < $1.path }
        try Vips.start()
        var entries: [Entry] = []
        for file in files {
            let name = String(file.path.dropFirst(Corpus.photos.path.count + 1))
            // The smallest grid width the theme makes: where the build samples placeholders from.
            let smallest = try VipsImage.thumbnail(of: file.path, width: 308, toSRGB: true).materialized()
            let reference = try smallest.flattened().downsized(toWidth: 32)
            let referenceName = name.replacingOccurrences(of: "/", with: "_") + ".ref.png"
            try Data(TinyPNG.encode(RGBGrid(width: reference.width, height: reference.height, pixels: try reference.srgb().pixelBytes())))
                .write(to: out.appendingPathComponent(referenceName))
            var kinds: [String: Measured] = [:]
            for kind in PlaceholderKind.allCases {
                guard let codec = kind.codec else { continue }
                var best = Double.infinity
                var made: Placeholder?
                for _ in 0..<5 {
                    let start = ContinuousClock.now
                    made = try ImageProcessor.placeholder(of: smallest, codec: codec, path: name)
                    let elapsed = ContinuousClock.now - start
                    best = min(best, Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
                }
                let attribute = made!.dataAttribute.map { " \($0.name)=\"\($0.value)\"" }
                kinds[kind.rawValue] = Measured(css: made!.css, value: made!.value, dataAttribute: attribute, microseconds: best)
            }
            entries.append(Entry(photo: name, width: smallest.width, height: smallest.height, hasAlpha: smallest.hasAlpha,
                                 reference: referenceName, kinds: kinds))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(entries).write(to: out.appendingPathComponent("placeholders.json"))
        #expect(entries.count >= 40, "the corpus has \(entries.count) photos")
    }
}
