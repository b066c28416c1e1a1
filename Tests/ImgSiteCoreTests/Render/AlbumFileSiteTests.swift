import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// A library curated with `album.yml` files builds into the site they
/// describe: titles, stories, covers, hidden albums, numeric prefixes.
@Suite struct AlbumFileSiteTests {
    /// `01-skye` (three photos, a story and a chosen cover), `02-secret`
    /// (hidden), `03-broken` (an album file with a misspelt key).
    static func library() throws -> URL {
        let input = try Corpus.scratch("input")
        try Corpus.copy(["nature/Aqua.jpg", "nature/Garden.jpg", "nature/Wood.jpg"].map(Corpus.photo), into: input, album: "01-skye")
        try Corpus.copy([Corpus.photo("nature/Storm.jpg")], into: input, album: "02-secret")
        try Corpus.copy([Corpus.photo("nature/Dune.jpg")], into: input, album: "03-broken")
        try write("""
            title: Skye <in> October
            description: |
              Three days of rain and **one of light**. <script>alert(1)</script>

              ## The walk
              - [map](https://example.org/map)
              - [bad](javascript:alert(1)) <!-- a comment -->
            cover: Wood.jpg
            """, to: input.appending(path: "01-skye/album.yml"))
        try write("hidden: true\n", to: input.appending(path: "02-secret/album.yml"))
        try write("titel: oops\n", to: input.appending(path: "03-broken/album.yml"))
        return input
    }

    static func write(_ text: String, to file: URL) throws {
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    static func page(_ build: TestBuild, _ path: String) throws -> String {
        try String(contentsOf: build.output.appending(path: path), encoding: .utf8)
    }

    @Test("titles, stories, covers and hidden albums reach the pages; script never does")
    func site() throws {
        let input = try Self.library()
        var config = SiteConfig()
        config.baseURL = "https://example.org/"
        let build = try TestBuild.run(input: input, config: config)
        #expect(build.summary.built == 5 && build.summary.failed.isEmpty)
        #expect(build.summary.siteWarnings.contains { $0.hasPrefix("03-broken/album.yml:1:1: unknown key 'titel' ignored: did you mean 'title'?") },
                "\(build.summary.siteWarnings)")
        let index = try Self.page(build, "index.html")
        // Slugs and titles without the numeric prefix; the title escaped.
        #expect(index.contains("href=\"skye/index.html\"") && index.contains("Skye &lt;in&gt; October") && index.contains(">broken "))
        // The chosen cover, not the first photo.
        let card = try #require(index.firstRange(of: "href=\"skye/index.html\"").map { String(index[$0.lowerBound...].prefix(4000)) })
        #expect(card.contains("skye/_img/wood-") && !card.contains("skye/_img/aqua-"))
        // Hidden: built and reachable, but on no page of its parent, in no sitemap or feed.
        #expect(!index.contains("secret"))
        #expect(FileManager.default.fileExists(atPath: build.output.appending(path: "secret/index.html").path))
        #expect(FileManager.default.fileExists(atPath: build.output.appending(path: "secret/storm.html").path))
        for file in ["sitemap.xml", "feed.xml"] { #expect(try !Self.page(build, file).contains("secret"), "\(file)") }
        #expect(try Self.page(build, "sitemap.xml").contains("skye/wood.html"))
        // The story: Markdown made safe.
        let album = try Self.page(build, "skye/index.html")
        #expect(album.contains("<h1>Skye &lt;in&gt; October</h1>"))
        #expect(album.contains("<strong>one of light</strong>") && album.contains("<h3>The walk</h3>") && album.contains("<a href=\"https://example.org/map\">map</a>"))
        #expect(!album.contains("<script>alert") && !album.contains("href=\"javascript") && !album.contains("<!-- a comment"))
        #expect(album.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    @Test("order and album_order arrange photos and sub-albums; exclude publishes nothing of a folder")
    func order() throws {
        let input = try Self.library()
        try Corpus.copy([Corpus.photo("nature/Garden.jpg")], into: input, album: "04-private")
        try Self.write("exclude: true\n", to: input.appending(path: "04-private/album.yml"))
        try Self.write("order: [Garden.jpg]\n", to: input.appending(path: "01-skye/album.yml"))
        try Self.write("album_order: -name\n", to: input.appending(path: "album.yml"))
        let build = try TestBuild.run(input: input)
        #expect(build.summary.built == 5 && !FileManager.default.fileExists(atPath: build.output.appending(path: "private").path))
        #expect(build.summary.skipped.isEmpty)
        let index = try Self.page(build, "index.html")
        let broken = try #require(index.range(of: "href=\"broken/index.html\""))
        let skye = try #require(index.range(of: "href=\"skye/index.html\""))
        #expect(broken.lowerBound < skye.lowerBound, "-name: 03-broken before 01-skye")
        let album = try Self.page(build, "skye/index.html")
        let garden = try #require(album.range(of: "href=\"garden.html\""))
        let others = ["aqua", "wood"].compactMap { album.range(of: "href=\"\($0).html\"") }
        #expect(others.count == 2 && others.allSatisfy { garden.lowerBound < $0.lowerBound }, "the listed photo first")
        #expect(try Self.page(build, "skye/garden.html").contains("href=\"index.html\""))
    }

    @Test("editing album.yml renders the pages again and encodes nothing")
    func edit() throws {
        let input = try Self.library()
        let first = try TestBuild.run(input: input)
        try Self.write("title: Skye again\ncover: Garden.jpg\n", to: input.appending(path: "01-skye/album.yml"))
        try Self.write("hidden: false\n", to: input.appending(path: "02-secret/album.yml"))
        let again = try TestBuild.run(input: input, output: first.output)
        #expect(again.summary.built == 0 && again.summary.encodedFiles == 0 && again.summary.sourcesRead == 0)
        let album = try Self.page(again, "skye/index.html")
        #expect(album.contains("<h1>Skye again</h1>") && !album.contains("class=\"description\""))
        let index = try Self.page(again, "index.html")
        #expect(index.contains("href=\"secret/index.html\""))
        let card = try #require(index.firstRange(of: "href=\"skye/index.html\"").map { String(index[$0.lowerBound...].prefix(4000)) })
        #expect(card.contains("skye/_img/garden-"))
        #expect(try Self.page(again, "skye/wood.html").contains("Skye again"), "photo pages name the album by its title")
        // A cover that is not in the album is said, and the first photo stands in.
        try Self.write("cover: nope.jpg\n", to: input.appending(path: "01-skye/album.yml"))
        let third = try TestBuild.run(input: input, output: first.output)
        #expect(third.summary.siteWarnings.contains("01-skye/album.yml: cover 'nope.jpg' is not a photo of this album; its first photo is its cover"),
                "\(third.summary.siteWarnings)")
    }
}
