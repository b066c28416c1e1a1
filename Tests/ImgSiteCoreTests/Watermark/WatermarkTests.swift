import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing
import Vips

/// `watermark:` on built sites, measured on the decoded files against the
/// same photos built without it.
@Suite(.tags(.imagePipeline)) struct WatermarkTests {
    /// `a/`: a 1920 × 1280 and a 640 × 480 photo; `logo.png` beside the
    /// albums, an opaque 200 × 100 red block, so the mark's extent is exact.
    static func library() throws -> URL {
        let input = try Corpus.scratch("input")
        try Corpus.copy(["nature/Storm.jpg", "cameras/DSCN0010.jpg"].map(Corpus.photo), into: input, album: "a")
        let red = (0..<(200 * 100 * 4)).map { $0 % 4 == 0 || $0 % 4 == 3 ? 255 : 0 }
        try Data(TinyPNG.encode(width: 200, height: 100, channels: 4, pixels: red.map(UInt8.init))).write(to: input.appending(path: "logo.png"))
        return input
    }

    static func config(_ mark: Watermark?) -> SiteConfig {
        var config = SiteConfig()
        config.downloads = .original
        config.watermark = mark
        return config
    }

    static func logo(opacity: Double = 1) -> Watermark {
        var mark = Watermark(mark: .image("logo.png"))
        mark.opacity = opacity
        return mark
    }

    /// Pixels of a file, decoded, 3 bands.
    static func pixels(_ url: URL) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let image = try VipsImage.decode(Array(try Data(contentsOf: url))).flattened()
        return (image.width, image.height, try image.pixelBytes())
    }

    /// The box (x0, y0, x1, y1, inclusive) where two decodes of a size differ by more than `threshold` in red.
    static func changed(_ a: URL, _ b: URL, threshold: Int = 60) throws -> (Int, Int, Int, Int)? {
        let (x, y) = (try pixels(a), try pixels(b))
        #expect(x.width == y.width && x.height == y.height)
        var box: (Int, Int, Int, Int)?
        for row in 0..<x.height {
            for column in 0..<x.width {
                let index = (row * x.width + column) * 3
                guard abs(Int(x.rgb[index]) - Int(y.rgb[index])) > threshold else { continue }
                box = box.map { (min($0.0, column), min($0.1, row), max($0.2, column), max($0.3, row)) } ?? (column, row, column, row)
            }
        }
        return box
    }

    @Test("a logo: on every still at or above min_width, the same share of each, at its corner; none below, none on originals")
    func sameShareOnEveryWidth() throws {
        let input = try Self.library()
        let plain = try TestBuild.run(input: input, config: Self.config(nil))
        let marked = try TestBuild.run(input: input, config: Self.config(Self.logo()))
        #expect(marked.summary.failed.isEmpty && marked.summary.built == 2, "the logo is not published as a photo")
        for source in ["a/Storm.jpg", "a/DSCN0010.jpg"] {
            let (before, marks) = (try plain.image(source), try marked.image(source))
            let after = marks.variants.filter { $0.thumbnail != true }
            #expect(before.variants.map(\.width) == after.map(\.width))
            // Grids' and covers' copies: the unmarked build's pixels, at every width they take at or above min_width.
            let copies = marks.variants.filter { $0.thumbnail == true }
            #expect(!copies.isEmpty && copies.allSatisfy { $0.width >= 480 && $0.path.contains("-thumb.") }, "\(copies.map(\.path))")
            for copy in copies {
                let old = try #require(before.variants.first { $0.width == copy.width && $0.format == copy.format && $0.role == copy.role })
                #expect(try Data(contentsOf: plain.url(old)) == Data(contentsOf: marked.url(copy)), "\(copy.path): the unmarked file")
            }
            var measured = 0
            for (old, new) in zip(before.variants, after) {
                if new.role == .original || new.width < 480 {
                    #expect(old.path == new.path, "\(new.path): unmarked, the same file")
                    continue
                }
                #expect(old.path != new.path, "\(new.path): marked")
                guard new.format == .jpeg else { continue }
                let box = try #require(try Self.changed(plain.url(old), marked.url(new)), "\(new.path): no mark found")
                let short = Double(min(new.width, new.height))
                let height = Double(box.3 - box.1 + 1), width = Double(box.2 - box.0 + 1)
                #expect(abs(height / short - 0.04) < 0.006, "\(new.path): the mark is \(height) px tall on \(short)")
                #expect(abs(width / height - 2) < 0.25, "\(new.path): the logo's shape")
                let margin = 0.02 * short
                #expect(abs(Double(new.width - 1 - box.2) - margin) <= 3 && abs(Double(new.height - 1 - box.3) - margin) <= 3,
                        "\(new.path): \(margin) px from the bottom-right corner, box \(box)")
                measured += 1
            }
            #expect(measured >= 1, "\(source): a JPEG at or above 480 px measured")
        }
    }

    @Test("grids and covers name no marked file in any source, for any screen or browser; the photo page names only marked ones at or above min_width")
    func gridsNameNoMark() throws {
        let input = try Self.library()
        try Corpus.copy(["nature/Wood.jpg", "nature/Dune.jpg"].map(Corpus.photo), into: input, album: "b")
        let build = try TestBuild.run(input: input, config: Self.config(Watermark(mark: .text("© 2024 Jo Nesbø"))))
        let files = Dictionary(build.manifest.images.flatMap(\.variants).map { (($0.path as NSString).lastPathComponent, $0) }) { a, _ in a }
        func named(_ page: String) throws -> [Variant] {
            let html = try AlbumFileSiteTests.page(build, page)
            return html.matches(of: /[\w.-]+\.[0-9a-f]{8}\.(?:webp|avif|jpg|jxl)/).compactMap { files[String($0.output)] }
        }
        for page in ["index.html", "a/index.html", "b/index.html"] {
            let shown = try named(page)
            #expect(!shown.isEmpty && shown.allSatisfy { $0.thumbnail == true || $0.width < 480 }, "\(page): \(shown.filter { $0.thumbnail != true && $0.width >= 480 }.map(\.path))")
        }
        let photo = try named("a/storm.html")
        #expect(photo.allSatisfy { $0.thumbnail == nil } && photo.contains { $0.width >= 480 }, "\(photo.map(\.path))")
    }

    @Test("text by libvips: visible in the corner at or above min_width; changing the mark encodes only the marked files again")
    func textAndChange() throws {
        let input = try Self.library()
        let output = try Corpus.scratch("site")
        let plain = try TestBuild.run(input: input, config: Self.config(nil))
        var mark = Watermark(mark: .text("© 2026 Example Photography"))
        let first = try TestBuild.run(input: input, config: Self.config(mark), output: output)
        let storm = try first.image("a/Storm.jpg")
        let jpeg = try #require(storm.variants.first { $0.format == .jpeg && $0.width >= 1000 })
        let old = try #require(try plain.image("a/Storm.jpg").variants.first { $0.format == .jpeg && $0.width == jpeg.width })
        let box = try #require(try Self.changed(plain.url(old), first.url(jpeg), threshold: 30))
        #expect(box.0 > jpeg.width / 2 && box.1 > jpeg.height * 8 / 10, "bottom right: \(box)")

        mark.opacity = 0.9
        let again = try TestBuild.run(input: input, config: Self.config(mark), output: output)
        let markedFiles = try [first.image("a/Storm.jpg"), first.image("a/DSCN0010.jpg")].flatMap(\.variants)
            .filter { $0.role != .original && $0.width >= 480 && $0.thumbnail != true }.count
        #expect(again.summary.encodedFiles == markedFiles, "only the marked files, not the \(storm.variants.count) of Storm")
        #expect(try again.image("a/Storm.jpg").placeholder == storm.placeholder)
    }

    @Test("an album's watermark: false leaves its photos as the unmarked build makes them")
    func albumWithout() throws {
        let input = try Self.library()
        try Corpus.copy([Corpus.photo("nature/Wood.jpg")], into: input, album: "b")
        let plain = try TestBuild.run(input: input, config: Self.config(nil))
        var config = Self.config(Self.logo())
        var album = AlbumSettings()
        album.watermark = .some(nil)
        config.albums["b"] = album
        let marked = try TestBuild.run(input: input, config: config)
        #expect(try marked.image("b/Wood.jpg").variants.map(\.path) == plain.image("b/Wood.jpg").variants.map(\.path))
        #expect(try marked.image("a/Storm.jpg").variants.map(\.path) != plain.image("a/Storm.jpg").variants.map(\.path))
    }

    @Test("config: text or image, shares as percentages, a missing logo named")
    func config() throws {
        let yaml = "watermark: { text: \"© X\", image: logo.png }\n"
        #expect(throws: ConfigError.self) { try SiteConfig.parse(yaml: yaml, file: "imgsite.yml") }
        #expect(throws: ConfigError.self) { try SiteConfig.parse(yaml: "watermark: { text: X, size: 80% }\n", file: "imgsite.yml") }
        let read = try SiteConfig.parse(yaml: "watermark: { text: X, size: 5%, position: top-left, min_width: 640 }\nalbums: { b: { watermark: false } }\n", file: "imgsite.yml")
        #expect(read.watermark?.size == 0.05 && read.watermark?.position == .topLeft && read.watermark?.minWidth == 640)
        #expect(read.albums["b"]?.watermark == .some(nil))
        var missing = SiteConfig()
        missing.watermark = Watermark(mark: .image("nowhere.png"))
        #expect { try BuildOptions(input: try Corpus.scratch("input"), output: try Corpus.scratch("site"), config: missing, jobs: 1, force: false) }
            throws: { "\($0)".contains("nowhere.png") }
    }
}
