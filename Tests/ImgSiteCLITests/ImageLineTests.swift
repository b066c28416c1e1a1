@testable import ImgSiteCLI
@testable import ImgSiteCore
import Testing

@Suite struct ImageLineTests {
    static func image(_ source: String, warnings: [String] = []) -> ProcessedImage {
        ProcessedImage(source: source, sourceBytes: 10, width: 4, height: 3, hasAlpha: false,
                       variants: [Variant(path: "a/_img/x-4.00000000.jpg", format: .jpeg, width: 4, height: 3, bytes: 2_048)],
                       placeholder: nil, metadata: KeptMetadata(), warnings: warnings)
    }

    @Test func lines() {
        #expect(ImageLine.line(for: .built(Self.image("a/x.jpg")))?.text == "built a/x.jpg (1 files, 2.0 KB)")
        #expect(ImageLine.line(for: .built(Self.image("a/x.jpg", warnings: ["damaged"])))?.text == "warning a/x.jpg: damaged")
        #expect(ImageLine.line(for: .upToDate("a/x.jpg", warnings: []))?.text == "up to date a/x.jpg")
        // Kept damaged: named again by every build, still counted up to date.
        let kept = ImageLine.line(for: .upToDate("a/x.jpg", warnings: ["damaged", "a/x.jpg.yml: not YAML"]))
        #expect(kept?.status == .upToDate && kept?.text == "up to date a/x.jpg: damaged; a/x.jpg.yml: not YAML")
        #expect(ImageLine.line(for: .failed(BuildError(path: "b/y.jpg", "cannot be decoded")))?.text
                == "failed b/y.jpg: cannot be decoded")
        #expect(ImageLine.line(for: .step("scan")) == nil)
    }

    @Test("a file name with a line break stays on one line")
    func controlCharacters() {
        #expect(ImageLine.line(for: .upToDate("a/two\nlines.jpg", warnings: []))?.text == "up to date a/two\\nlines.jpg")
    }

    @Test func summary() {
        var summary = BuildSummary()
        summary.built = 12
        summary.bytesIn = 4_900_000
        summary.bytesOut = 8_200_000
        summary.seconds = 5.62
        #expect(ImageLine.summary(summary, output: "_site") == "built 12, up to date 0, failed 0; 4.9 MB → 8.2 MB; 5.6 s; site in _site")
        summary.removed = 3
        summary.warnings = ["w"]
        #expect(ImageLine.summary(summary, output: "_site").hasPrefix("built 12, up to date 0, failed 0, warnings 1, removed 3 stale files; "))
        summary.skipped = ["a/DSC_1.NEF", "a/DSC_2.nef", "a/notes.txt", "imgsite.yml"].compactMap { SkippedFile(relativePath: $0, name: String($0.split(separator: "/").last!)) }
        #expect(ImageLine.summary(summary, output: "_site").hasPrefix("built 12, up to date 0, failed 0, warnings 1, removed 3 stale files, skipped 3 (2 RAW, 1 other); "))
    }
}
