import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Synchronization
import Testing

@Suite(.tags(.imagePipeline)) struct BadInputTests {
    /// Expected outcome of each file in corpus/bad: an error or a warning,
    /// and words its one line must contain (any case; "|" separates the
    /// wordings of different libpng and libjpeg versions).
    static let expected: [String: (failed: Bool, words: String)] = [
        "20000x20000.gif": (true, "over the pixel limit"),
        "decompression-bomb.gif": (true, "no frames"),
        "broken.png": (true, "invalid chunk|bad header (invalid type)|invalid IHDR chunk"),
        "corrupted.jpg": (true, "cannot be decoded"),
        "not-an-image.jpg": (true, "not an image"),
        "zero-bytes.jpg": (true, "empty file"),
        "truncated.jpg": (false, "premature end"),
        "bad-exif.jpg": (false, "Corrupt JPEG data"),
    ]

    static func says(_ line: String, _ words: String) -> Bool {
        words.split(separator: "|").contains { line.localizedCaseInsensitiveContains($0) }
    }

    /// The default widths, and fixed ones small enough for JPEGs to shrink
    /// on load (a path of its own, which once lost libjpeg's reason).
    static let widthSettings: [[Int]?] = [nil, [800, 280]]

    @Test("each bad file is reported once, by name and reason, while the rest builds", arguments: widthSettings)
    func badFolder(widths: [Int]?) throws {
        let input = try Corpus.scratch()
        try Corpus.copy(try FileManager.default.contentsOfDirectory(at: Corpus.bad, includingPropertiesForKeys: nil),
                        into: input, album: "bad")
        try Corpus.copy([Corpus.photo("nature/Storm.jpg"), Corpus.photo("cameras/DSCN0010.jpg")], into: input, album: "good")
        var config = SiteConfig()
        if let widths { config.widths = .fixed(widths) }
        let site = try TestBuild.run(input: input, config: config)

        #expect(site.summary.failed.count == Self.expected.values.count { $0.failed })
        #expect(site.summary.failed.allSatisfy { $0.step == .process }, "images fail in the process step")
        #expect(site.summary.built == 4)
        for (file, outcome) in Self.expected {
            let lines = site.events.filter { $0.contains("bad/\(file)") }
            #expect(lines.count == 1, "\(file): \(lines)")
            let line = lines.first ?? ""
            #expect(line.hasPrefix(outcome.failed ? "failed" : "built"), "\(line)")
            #expect(Self.says(line, outcome.words), "\(file): \(line)")
            #expect(!line.contains("unknown libvips error"), "\(file): \(line)")
        }
        // Nothing half-written: no temporary files; failed sources left no variants.
        let files = FileManager.default.enumerator(atPath: site.output.path)?.allObjects as? [String] ?? []
        #expect(!files.contains { $0.contains(AtomicWriter.temporaryPrefix) })
        for (file, outcome) in Self.expected where outcome.failed {
            let stem = Slug.make((file as NSString).deletingPathExtension)
            #expect(!files.contains { $0.hasPrefix("bad/_img/\(stem)-") }, "\(file) left outputs")
        }
        #expect(files.contains("good/storm.html") && files.contains("bad/truncated.html"))
    }

    @Test("the pixel limit is read from the header and can be raised")
    func pixelLimit() throws {
        let input = try Corpus.scratch()
        try Corpus.copy([Corpus.photo("nature/Storm.jpg")], into: input, album: "a")
        var config = SiteConfig()
        config.pixelLimit = 1_000_000  // Storm is 1920 × 1280 = 2.5 MP
        let refused = try TestBuild.run(input: input, config: config)
        #expect(refused.summary.failed.first?.reason.contains("pixel limit") == true)
        config.pixelLimit = 3_000_000
        let allowed = try TestBuild.run(input: input, config: config)
        #expect(allowed.summary.failed.isEmpty && allowed.summary.built == 1)
    }

    @Test("a message belongs to the image that caused it: damaged photos built after failed ones carry only their own reason")
    func messagesStayWithTheirImage() throws {
        let failing = try Corpus.scratch("failing")
        try Corpus.copy(["not-an-image.jpg", "corrupted.jpg", "broken.png"].map { Corpus.bad.appendingPathComponent($0) }, into: failing, album: "a")
        let first = try TestBuild.run(input: failing)
        #expect(first.summary.failed.count == 3)
        // As `imgsite watch` meets them, in the same process: one at a time
        // (so on two lanes), a truncated file and a photo copied half-way.
        let truncated = try Corpus.scratch("truncated")
        try Corpus.copy([Corpus.bad.appendingPathComponent("truncated.jpg")], into: truncated, album: "a")
        let half = try Corpus.scratch("half")
        let photo = try Data(contentsOf: Corpus.photo("nature/FreshFlower.jpg"))
        try FileManager.default.createDirectory(at: half.appending(path: "a"), withIntermediateDirectories: true)
        try photo.prefix(photo.count / 2).write(to: half.appending(path: "a/flower.jpg"))
        for (input, source) in [(truncated, "a/truncated.jpg"), (half, "a/flower.jpg")] {
            let warnings = try TestBuild.run(input: input).image(source).warnings
            #expect(warnings.count == 1 && Self.says(warnings[0], "premature end"), "\(warnings)")
            for other in ["not-an-image", "not a known file format", "corrupted", "chunk", "bad header", "RST5"] {
                #expect(!warnings.joined().contains(other), "\(source): \(warnings) carries another image's message")
            }
        }
    }

    /// Under IMGSITE_NATIVE=off (test-plain) libvips' one shared buffer holds
    /// every thread's messages: a damaged file's warning read there while
    /// other files failed once said "unknown libvips error".
    @Test("damaged files built while others fail, in several builds at once, each warn with their own reason")
    func damagedBesideFailing() throws {
        let input = try Corpus.scratch("crowd")
        let names = ["truncated.jpg", "corrupted.jpg", "not-an-image.jpg"]
        try FileManager.default.createDirectory(at: input.appending(path: "a"), withIntermediateDirectories: true)
        for copy in 0..<6 {
            for name in names {
                try FileManager.default.copyItem(at: Corpus.bad.appending(path: name), to: input.appending(path: "a/\(copy)-\(name)"))
            }
        }
        var config = SiteConfig()
        config.widths = .fixed([800, 280])
        let settings = config
        let builds = Mutex<[Result<TestBuild, any Error>]>([])
        DispatchQueue.concurrentPerform(iterations: 3) { _ in
            let site = Result { try TestBuild.run(input: input, config: settings) }
            builds.withLock { $0.append(site) }
        }
        for build in builds.withLock({ $0 }) {
            let site = try build.get()
            #expect(site.summary.failed.count == 12 && site.summary.built + site.summary.upToDate == 6, "\(site.summary)")
            for copy in 0..<6 {
                let warnings = try site.image("a/\(copy)-truncated.jpg").warnings
                #expect(warnings.count == 1 && Self.says(warnings[0], "premature end"), "\(copy): \(warnings)")
            }
            for failure in site.summary.failed {
                #expect(!failure.reason.contains("unknown libvips error") && !failure.reason.contains("Premature"), "\(failure)")
            }
        }
    }
}

@Suite(.tags(.imagePipeline)) struct LoaderMessageTests {
    @Test("other loaders' complaints are dropped when the file's own loader says why")
    func ownLoaderOnly() {
        let avif = "source input: Not a TIFF or MDI file, bad magic number 0 (0x0); vips__tiff_openin_source: unable to open source for input; heif: Invalid input: Unexpected end of file"
        #expect(LoaderMessage.relevant(avif, fileExtension: "avif") == "heif: Invalid input: Unexpected end of file")
        #expect(LoaderMessage.relevant("VipsJpeg: Premature end of JPEG file", fileExtension: "JPG") == "VipsJpeg: Premature end of JPEG file")
        #expect(LoaderMessage.relevant("magick2vips: libMagick error", fileExtension: "png").hasPrefix("it does not start the way PNG files do"),
                "with nothing from its own loader, the file did not look like its format")
        #expect(LoaderMessage.relevant("magick2vips: libMagick error", fileExtension: "xyz") == "magick2vips: libMagick error")
        #expect(LoaderMessage.relevant("[F4][A8][81][E1]: invalid chunk type", fileExtension: "png") == "[F4][A8][81][E1]: invalid chunk type",
                "a warning without a loader's name stays")
        #expect(LoaderMessage.relevant(String(repeating: "x", count: 500), fileExtension: "jpg").count == 300)
    }
}
