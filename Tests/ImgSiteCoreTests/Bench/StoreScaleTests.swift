import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing

/// `make bench`, third part: the build database at library scale, through
/// the real `BuildStore` API. `IMGSITE_STORE_SCALE=100000` images, each with
/// eight variants and a placeholder, recorded one transaction per image as
/// builds do; then what a no-op build and a rebuild read. Prints the figures;
/// not in `make test`.
@Suite(.enabled(if: StoreScale.images != nil, "set IMGSITE_STORE_SCALE to measure (make bench)"))
struct StoreScaleTests {
    @Test func recordAndReadAtScale() throws {
        let count = StoreScale.images!
        let folder = try Corpus.scratch("store")
        let store = try BuildStore(folder: folder, root: folder.appendingPathComponent("site"))
        let placeholder = GridPlaceholder().make(PixelSample(width: 4, height: 3, rgba: Array(repeating: 128, count: 48)))
        func path(_ index: Int) -> String { "album-\(index / 500)/photo-\(index).jpg" }
        func hex(_ index: Int, _ salt: String) -> String { SourceHash.of(texts: [String(index), salt]) }

        var clock = ContinuousClock.now
        for index in 0..<count {
            let key = hex(index, "image")
            var variants: [String: CachedVariant] = [:]
            for (n, width) in [308, 615, 922, 1200].enumerated() {
                for format in [OutputFormat.jpeg, .webp] {
                    variants[hex(index, "\(n)\(format)")] = CachedVariant(
                        object: "\(hex(index, "\(n)\(format)")).\(format.fileExtension)", nameHash: "0123abcd", format: .image(format),
                        width: width, height: width * 2 / 3, bytes: 20_000)
                }
            }
            let image = ProcessedImage(
                source: path(index), sourceBytes: 100_000, width: 4000, height: 3000, hasAlpha: false,
                variants: variants.values.map { Variant(path: "album/_img/photo-\(index)-\($0.width).0123abcd.\($0.format.fileExtension)",
                                                        format: $0.format, width: $0.width, height: $0.height, bytes: $0.bytes) },
                placeholder: placeholder, metadata: KeptMetadata(), warnings: [])
            let (result, _) = try ImageSummary.encode(image)
            let files = variants.values.map { "album-\(index / 500)/_img/photo-\(index)-\($0.width).0123abcd.\($0.format.fileExtension)" }
            let entry = JournalEntry(
                identity: FileIdentity(size: 100_000 + index, modifiedNanoseconds: 1_700_000_000_000_000_000, inode: UInt64(index)),
                plan: hex(0, "plan"), content: hex(index, "content"), keys: [key] + variants.keys.sorted(),
                summary: ImageSummary(digest: hex(index, "digest"), captureDate: nil), files: files, warnings: [])
            try store.recordFinished(FinishedImage(
                source: path(index), sourcePath: "/photos/" + path(index), entry: entry, result: result, imageKey: key,
                record: ImageRecord(width: 4000, height: 3000, hasAlpha: false, metadata: KeptMetadata(), warnings: []),
                variants: variants, placeholder: (hex(index, "placeholder"), placeholder)))
        }
        let record = ContinuousClock.now - clock

        clock = .now
        let journal = try store.journal()
        let loadJournal = ContinuousClock.now - clock
        #expect(journal.count == count)

        clock = .now
        for index in stride(from: 0, to: count, by: max(1, count / 1000)) {
            _ = try store.content(of: "/photos/" + path(index), identity: journal[path(index)]!.identity)
        }
        let lookups = ContinuousClock.now - clock

        clock = .now
        let page = try store.results((0..<64).map { path($0 * (count / 64)) })
        let pageRead = ContinuousClock.now - clock
        #expect(page.count == 64)

        let bytes = (try? FileManager.default.attributesOfItem(atPath: CacheFolder(folder).database.path)[.size] as? Int) ?? 0
        print("""
            store scale: \(count) images, 8 variants each (build database, debug build of the tests)
              record, one transaction per image:  \(Self.ms(record) / Double(count) * 1000) µs an image (\(Self.ms(record) / 1000) s in all)
              journal load (a no-op build):        \(Self.ms(loadJournal)) ms
              1,000 content-hash lookups:           \(Self.ms(lookups)) ms
              one page's 64 records:                \(Self.ms(pageRead)) ms
              database file:                        \(bytes / 1_000_000) MB
            """)
    }

    static func ms(_ duration: Duration) -> Double {
        ((Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15) * 10).rounded() / 10
    }
}

enum StoreScale {
    static let images = ProcessInfo.processInfo.environment["IMGSITE_STORE_SCALE"].flatMap(Int.init)
}
