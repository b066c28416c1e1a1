import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing
import Vips

/// Still images' bytes are pinned to `CacheKey.stillRecipe`: the names of a
/// small build's files (each carries its content hash) are recorded with the
/// recipe and the libvips version. A change that alters a still's bytes must
/// bump the recipe, so no warm cache serves files made the old way; then
/// record the list again with `IMGSITE_RECORD_GOLDEN=1`.
@Suite struct StillRecipeTests {
    static let golden = Corpus.repoRoot.appending(path: "Tests/Fixtures/still-recipe.txt")
    static let photos = ["nature/FreshFlower.jpg", "formats/gray.jpg", "formats/cmyk.jpg", "formats/transparent.png",
                         "orientation/Landscape_6.jpg", "formats/flower2.webp", "animated/1904-blob-dancing.gif"]

    /// The recorded header: recipe and libvips version.
    static var header: String { "still recipe \(CacheKey.stillRecipe), libvips \(Vips.version)" }

    static func names() throws -> [String] {
        let input = try Corpus.scratch("library")
        try Corpus.copy(photos.map(Corpus.photo), into: input, album: "a")
        // Two widths keep it light beside the suite and still take every
        // path: shrink-on-load for the large photos, whole decodes for the small.
        var standard = SiteConfig()
        standard.widths = .fixed([120, 480])
        var jpegOnly = standard
        jpegOnly.formats = [.jpeg]
        jpegOnly.denseFormat = nil
        var names: [String] = []
        for (label, config) in [("default", standard), ("jpeg-only", jpegOnly)] {
            let site = try TestBuild.run(input: input, config: config)
            let stills = site.manifest.images.flatMap { image in image.variants.filter { image.animation == nil || $0.role == .poster } }
            names += stills.map { "\(label) \($0.path)" }.sorted()
            names += site.manifest.images.compactMap { image in image.placeholder.map { "\(label) placeholder \(image.source) \(fingerprint($0))" } }.sorted()
        }
        return names
    }

    /// A placeholder's content as the manifest writes it, hashed (not its
    /// description, which names the module its type is in).
    static func fingerprint(_ placeholder: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return ContentHash.short(text: String(decoding: (try? encoder.encode(placeholder)) ?? Data(), as: UTF8.self))
    }

    static let recording = ProcessInfo.processInfo.environment["IMGSITE_RECORD_GOLDEN"] == "1"
    static var recordedHeader: String {
        (try? String(contentsOf: golden, encoding: .utf8))?.split(separator: "\n").first.map(String.init) ?? ""
    }

    // The keys carry libvips' version (another one never shares a cache), and
    // libvips alone makes other bytes under other keys: both are said as skips.
    // Recording (IMGSITE_RECORD_GOLDEN=1) writes the list and fails, as a
    // snapshot test does, so a recording run is never taken for a check.
    @Test("still files are the recorded ones for this recipe: bump CacheKey.stillRecipe when they change",
          .enabled(if: !Native.forcedOff, "recorded with the native paths on; under IMGSITE_NATIVE=off libvips alone makes other bytes"),
          .enabled(if: recording || recordedHeader.hasSuffix("libvips \(Vips.version)"), "recorded with another libvips: \(recordedHeader)"))
    func pinned() throws {
        let names = try Self.names()
        if Self.recording {
            try Data(([Self.header] + names).joined(separator: "\n").appending("\n").utf8).write(to: Self.golden)
            Issue.record("recorded \(names.count) names in \(Self.golden.lastPathComponent): run again without IMGSITE_RECORD_GOLDEN to check them")
            return
        }
        let recorded = try String(contentsOf: Self.golden, encoding: .utf8).split(separator: "\n").map(String.init)
        let recordedHeader = recorded.first ?? ""
        let changed = Set(names).symmetricDifference(recorded.dropFirst())
        if recordedHeader == Self.header {
            #expect(changed.isEmpty, """
                still bytes changed without a new CacheKey.stillRecipe (\(changed.count) names differ, e.g. \(changed.sorted().prefix(3))): \
                bump it, then record again with IMGSITE_RECORD_GOLDEN=1
                """)
        } else {
            #expect(changed.isEmpty, "CacheKey.stillRecipe changed: record the list again with IMGSITE_RECORD_GOLDEN=1 (\(recordedHeader))")
        }
    }
}
