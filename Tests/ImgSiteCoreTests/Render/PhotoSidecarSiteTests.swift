import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// A photo's sidecar gives it a title and can hide it: the page stays, the
/// grid, the neighbours' links, the counts, the cover, sitemap and feed
/// leave it out.
@Suite struct PhotoSidecarSiteTests {
    /// `harbour/` with aqua, garden (hidden, titled) and wood (titled), in name order.
    static func library() throws -> URL {
        let input = try Corpus.scratch("input")
        try Corpus.copy(["nature/Aqua.jpg", "nature/Garden.jpg", "nature/Wood.jpg"].map(Corpus.photo), into: input, album: "harbour")
        try AlbumFileSiteTests.write("order: name\ncover: Garden.jpg\n", to: input.appending(path: "harbour/album.yml"))
        try AlbumFileSiteTests.write("title: The <walled> garden\nhidden: true\n", to: input.appending(path: "harbour/Garden.jpg.yml"))
        try AlbumFileSiteTests.write("title: Old wood\n", to: input.appending(path: "harbour/Wood.jpg.yml"))
        return input
    }

    static func config() -> SiteConfig {
        var config = SiteConfig()
        config.baseURL = "https://example.org/"
        return config
    }

    @Test("a hidden photo keeps its page and leaves the grid, the count, the cover, the neighbours, sitemap, feed and manifest")
    func hidden() throws {
        let build = try TestBuild.run(input: Self.library(), config: Self.config())
        #expect(build.summary.built == 3 && build.summary.failed.isEmpty && build.summary.warnings.isEmpty, "\(build.summary.warnings)")
        let album = try AlbumFileSiteTests.page(build, "harbour/index.html")
        #expect(album.contains("href=\"aqua.html\"") && album.contains("href=\"wood.html\"") && !album.contains("garden"))
        #expect(album.contains("<p class=\"count\">2 photos</p>"))
        let index = try AlbumFileSiteTests.page(build, "index.html")
        let card = try #require(index.firstRange(of: "href=\"harbour/index.html\"").map { String(index[$0.lowerBound...].prefix(4000)) })
        #expect(card.contains("2 photos") && card.contains("harbour/_img/aqua-") && !card.contains("garden"), "the hidden photo is no cover, even when named")
        // Its own page, titled by its sidecar, leads to its shown neighbours; theirs step over it.
        let garden = try AlbumFileSiteTests.page(build, "harbour/garden.html")
        #expect(garden.contains("<h1>The &lt;walled&gt; garden</h1>"))
        #expect(garden.contains("href=\"aqua.html\"") && garden.contains("href=\"wood.html\""))
        let aqua = try AlbumFileSiteTests.page(build, "harbour/aqua.html")
        #expect(aqua.contains("href=\"wood.html\"") && aqua.contains("Old wood") && !aqua.contains("garden.html"))
        #expect(try !AlbumFileSiteTests.page(build, "harbour/wood.html").contains("garden.html"))
        #expect(try AlbumFileSiteTests.page(build, "harbour/wood.html").contains("<h1>Old wood</h1>"))
        for file in ["sitemap.xml", "feed.xml"] { #expect(try !AlbumFileSiteTests.page(build, file).contains("garden"), "\(file)") }
        #expect(try AlbumFileSiteTests.page(build, "sitemap.xml").contains("harbour/wood.html"))
        // The manifest records what the sidecar said of the shown photos, and names no hidden one.
        #expect(!build.manifest.images.contains { $0.source == "harbour/Garden.jpg" } && !build.manifest.pages.contains("harbour/garden.html"))
        #expect(try !AlbumFileSiteTests.page(build, "manifest.json").contains("walled"))
        #expect(try build.image("harbour/Wood.jpg").metadata.title == "Old wood" && build.image("harbour/Wood.jpg").metadata.hidden == nil)
    }

    @Test("showing a hidden photo again, or retitling one, renders pages and encodes nothing")
    func edit() throws {
        let input = try Self.library()
        let first = try TestBuild.run(input: input, config: Self.config())
        try AlbumFileSiteTests.write("title: The walled garden\n", to: input.appending(path: "harbour/Garden.jpg.yml"))
        try FileManager.default.removeItem(at: input.appending(path: "harbour/Wood.jpg.yml"))
        let again = try TestBuild.run(input: input, config: Self.config(), output: first.output)
        #expect(again.summary.built == 0 && again.summary.encodedFiles == 0, "built \(again.summary.built), encoded \(again.summary.encodedFiles)")
        let album = try AlbumFileSiteTests.page(again, "harbour/index.html")
        #expect(album.contains("href=\"garden.html\"") && album.contains("<p class=\"count\">3 photos</p>"))
        #expect(try AlbumFileSiteTests.page(again, "harbour/aqua.html").contains("href=\"garden.html\""))
        #expect(try AlbumFileSiteTests.page(again, "harbour/wood.html").contains("<h1>Wood</h1>"), "the file name's title again")
        #expect(try AlbumFileSiteTests.page(again, "sitemap.xml").contains("harbour/garden.html"))
    }

    @Test("hidden: must be true or false; a title is one line")
    func parse() throws {
        #expect(try Sidecar.parse(yaml: "title: |\n  Two\n  lines\nhidden: yes\n", file: "a.jpg.yml").get().value == .init(title: "Two lines", hidden: true))
        guard case .failure(let error) = Sidecar.parse(yaml: "hidden: maybe\n", file: "a.jpg.yml") else {
            Issue.record("hidden: maybe must be refused")
            return
        }
        #expect(error.message == "a.jpg.yml:1:9: hidden must be true or false, not 'maybe'")
    }
}
