@testable import ImgSiteCLI
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing

@Suite struct ImageLineTests {
    static func image(_ source: String, warnings: [String] = []) -> ProcessedImage {
        ProcessedImage(source: source, sourceBytes: 10, width: 4, height: 3, hasAlpha: false,
                       variants: [Variant(path: "a/_img/x-4.00000000.jpg", format: .jpeg, width: 4, height: 3, bytes: 2_048)],
                       placeholder: nil, metadata: KeptMetadata(), warnings: warnings)
    }

    @Test func lines() {
        #expect(ImageLine.line(for: .built(Self.image("a/x.jpg")))?.text == "built a/x.jpg (1 file, 2.0 KB)")
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
        // A Live Photo's motion is not a lost clip.
        var motion = SkippedFile(relativePath: "a/IMG_1.MOV", name: "IMG_1.MOV")!
        motion.kind = .motion
        summary.skipped.append(motion)
        #expect(ImageLine.summary(summary, output: "_site").contains(", skipped 4 (2 RAW, 1 Live Photo motion, 1 other); "))
    }

    /// A no-op build read and wrote no image: it says so, not "0 B → 0 B".
    @Test func noOpBuild() {
        var summary = BuildSummary()
        summary.upToDate = 40
        summary.seconds = 0.41
        #expect(ImageLine.summary(summary, output: "_site") == "built 0, up to date 40, failed 0; nothing encoded; 0.4 s; site in _site")
    }
}

@Suite struct ProgressETATests {
    /// A photo of 24 MP done in 2 s, a 30 s 4K clip to go: counting items
    /// said 2 s left; counting pixels × frames, the clip's share.
    @Test func countsWorkNotItems() throws {
        var state = ProgressPrinter.State()
        (state.total, state.done) = (2, 1)
        let clip = Double(3840 * 2160) * 30 * 30 * WorkEstimate.clipFrame
        let byItems = try #require(ProgressPrinter.secondsLeft(state, elapsed: 2))
        #expect(byItems == 2)
        state.work = ["a/photo.jpg": 24e6, "a/clip.mov": clip]
        state.finished("a/photo.jpg")
        let byWork = try #require(ProgressPrinter.secondsLeft(state, elapsed: 2))
        #expect(abs(byWork - 2 * clip / 24e6) < 0.01, "\(byWork)")
        // Half-way through the clip, half of it is left.
        state.encodingPercent["a/clip.mov"] = 50
        let halfway = try #require(ProgressPrinter.secondsLeft(state, elapsed: 2 + clip / 24e6))
        #expect(abs(halfway - clip / 24e6) < 0.01 * clip / 24e6, "\(halfway)")
    }

    /// A photo's work is its header's pixels when a budget read it, else
    /// estimated from its bytes by format; a clip's is its pixels × frames.
    @Test func estimates() {
        let identity = FileIdentity(size: 9_000_000, modifiedNanoseconds: 0, inode: 1)
        let photo = SourceImage(relativePath: "a/b.jpg", absolutePath: "/nonexistent/b.jpg", identity: identity)
        #expect(WorkEstimate.of(photo, header: nil) == 9_000_000 / 0.4)
        let png = SourceImage(relativePath: "a/b.png", absolutePath: "/nonexistent/b.png", identity: identity)
        #expect(WorkEstimate.of(png, header: nil) < WorkEstimate.of(photo, header: nil) / 3)
        let header = SourceHeader(width: 6000, height: 4000, frames: 1, fields: [:], needsColourTransform: false)
        #expect(WorkEstimate.of(photo, header: header) == 24e6)
    }

    @Test func plurals() {
        #expect(Counted.text(1, "file") == "1 file" && Counted.text(0, "file") == "0 files" && Counted.text(2, "Live Photo motion") == "2 Live Photo motions")
        #expect(SkippedFile.byKind([]) == "")
    }
}
