import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// A library curated for sigal builds without edits: `index.md` is the
/// album file, `<photo>.md` the sidecar (a `.yml` wins key by key), and a
/// `.nomedia` keeps a folder, or what it lists, out. The same fail-closed
/// rule as for album files and sidecars.
@Suite struct SigalLibraryTests {
    /// `trip/` (Aqua, Garden, Wood; index.md, Aqua.md, Wood.md), `trip/skip/`
    /// (an empty .nomedia), `trip/some/` (a .nomedia listing Dune.jpg and `inner`).
    static func library() throws -> URL {
        let input = try Corpus.scratch("input")
        try Corpus.copy(["nature/Aqua.jpg", "nature/Garden.jpg", "nature/Wood.jpg"].map(Corpus.photo), into: input, album: "trip")
        try Corpus.copy([Corpus.photo("nature/Storm.jpg")], into: input, album: "trip/skip")
        try Corpus.copy([Corpus.photo("nature/Storm.jpg")], into: input, album: "trip/skip/below")
        try Corpus.copy(["nature/Dune.jpg", "nature/Storm.jpg"].map(Corpus.photo), into: input, album: "trip/some")
        try Corpus.copy([Corpus.photo("nature/Dune.jpg")], into: input, album: "trip/some/inner")
        try write("Title: Skye <in> October\nThumbnail: Wood.jpg\n\n## The walk\n\nRain, then **light**.\n", "trip/index.md", in: input)
        try write("Title: Quiraing\nLocation: 57.63N 6.29W\n\nDawn *over* the ridge.\n", "trip/Aqua.md", in: input)
        try write("Title: Old wood\n", "trip/Wood.md", in: input)
        try write("title: From the yml\n", "trip/Wood.jpg.yml", in: input)
        try write("", "trip/skip/.nomedia", in: input)
        try write("Dune.jpg\ninner\n", "trip/some/.nomedia", in: input)
        try write("notes for myself\n", "trip/notes.md", in: input)
        return input
    }

    static func write(_ text: String, _ path: String, in input: URL) throws {
        try AlbumFileSiteTests.write(text, to: input.appending(path: path))
    }

    static func config() -> SiteConfig {
        var config = SiteConfig()
        config.baseURL = "https://example.org/"
        return config
    }

    @Test("index.md gives the album's title, cover and story; a photo's .md its title and caption; .nomedia keeps out what it says")
    func sigalConventions() throws {
        let build = try TestBuild.run(input: Self.library(), config: Self.config())
        #expect(build.summary.failed.isEmpty && build.summary.built == 4, "\(build.summary.failed)")
        let album = try AlbumFileSiteTests.page(build, "trip/index.html")
        #expect(album.contains("<h1>Skye &lt;in&gt; October</h1>") && album.contains("<h3>The walk</h3>") && album.contains("<strong>light</strong>"))
        let index = try AlbumFileSiteTests.page(build, "index.html")
        let card = try #require(index.firstRange(of: "href=\"trip/index.html\"").map { String(index[$0.lowerBound...].prefix(4000)) })
        #expect(card.contains("trip/_img/wood-"), "Thumbnail: is the cover")
        let aqua = try build.image("trip/Aqua.jpg").metadata
        #expect(aqua.title == "Quiraing" && aqua.caption == "Dawn *over* the ridge." && aqua.titleSource == .sidecar)
        #expect(try build.image("trip/Wood.jpg").metadata.title == "From the yml", "the .yml wins key by key")
        // sigal's Location: is said and never published.
        #expect(build.summary.warnings.contains { $0.hasPrefix("trip/Aqua.jpg: trip/Aqua.md:2:1: unknown key 'location' ignored") }, "\(build.summary.warnings)")
        for (path, data) in try FolderTree.read(build.output) where path.hasSuffix(".html") || path.hasSuffix(".json") {
            #expect(!String(decoding: data, as: UTF8.self).contains("57.63N"), "\(path)")
        }
        // .nomedia: an empty one keeps its folder and all below out; one that lists names keeps those out.
        let sources = Set(build.manifest.images.map(\.source))
        #expect(sources == ["trip/Aqua.jpg", "trip/Garden.jpg", "trip/Wood.jpg", "trip/some/Storm.jpg"], "\(sources)")
        #expect(build.summary.skipped.map(\.relativePath) == ["trip/notes.md"], "a .md that is no photo's is skipped like any file")
    }

    @Test("index.md and a photo's .md fail closed: a typo of hidden or a wrong value holds back; mended, hidden as meant")
    func failClosed() throws {
        let input = try Self.library()
        try Self.write("Title: Skye\nHiden: true\n", "trip/some/index.md", in: input)
        try Self.write("Title: Dune\nHidden: maybe\n", "trip/Garden.md", in: input)
        let build = try TestBuild.run(input: input, config: Self.config())
        #expect(build.summary.failed.map(\.path).sorted() == ["trip/Garden.jpg", "trip/some/index.md:2:1"], "\(build.summary.failed)")
        #expect(!FileManager.default.fileExists(atPath: build.output.appending(path: "trip/some").path))
        try Self.write("Title: Skye\nHidden: true\n", "trip/some/index.md", in: input)
        try Self.write("Title: Dune\nHidden: true\n", "trip/Garden.md", in: input)
        let mended = try TestBuild.run(input: input, config: Self.config(), output: build.output)
        #expect(mended.summary.failed.isEmpty)
        let sitemap = try AlbumFileSiteTests.page(mended, "sitemap.xml")
        #expect(!sitemap.contains("trip/some") && !sitemap.contains("garden"), "hidden as meant")
        #expect(FileManager.default.fileExists(atPath: mended.output.appending(path: "trip/some/storm.html").path))
    }

    @Test("meta lines as Python-Markdown reads them: any case, a continued value, a --- first; the text after")
    func markdownMeta() {
        let file = MarkdownFile("---\nTitle: Two\n    lines\nthumbnail:x.jpg\n\nText *here*.\n")
        #expect(file.meta.map(\.key) == ["title", "thumbnail"] && file.meta[0].value == "Two lines" && file.meta[1].value == "x.jpg")
        #expect(file.meta[1].place == YAMLPlace(line: 4, column: 1))
        #expect(file.body == "Text *here*.")
        #expect(MarkdownFile("Just text: with a colon, no meta\n\nMore.").meta.map(\.key) == [], "a line that is not meta starts the text")
        #expect(MarkdownFile("# Heading\n").body == "# Heading")
    }
}
