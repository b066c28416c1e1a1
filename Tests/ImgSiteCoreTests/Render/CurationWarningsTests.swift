import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// Curation that cannot be followed is said, never silently replaced; an
/// album's count reads the same on its page and on its card.
@Suite struct CurationWarningsTests {
    /// `trips/` (Aqua) holding `trips/skye/` (Garden, Wood) and
    /// `trips/lofoten/` (Dune, Storm, both hidden by their sidecars).
    static func library() throws -> URL {
        let input = try Corpus.scratch("input")
        try Corpus.copy([Corpus.photo("nature/Aqua.jpg")], into: input, album: "trips")
        try Corpus.copy(["nature/Garden.jpg", "nature/Wood.jpg"].map(Corpus.photo), into: input, album: "trips/skye")
        try Corpus.copy(["nature/Dune.jpg", "nature/Storm.jpg"].map(Corpus.photo), into: input, album: "trips/lofoten")
        for name in ["Dune", "Storm"] {
            try AlbumFileSiteTests.write("hidden: true\n", to: input.appending(path: "trips/lofoten/\(name).jpg.yml"))
        }
        try AlbumFileSiteTests.write("hidden: true\n", to: input.appending(path: "trips/skye/Wood.jpg.yml"))
        try AlbumFileSiteTests.write("cover: Wood.jpg\norder: [Wood.jpg, Gone.jpg]\n", to: input.appending(path: "trips/skye/album.yml"))
        try AlbumFileSiteTests.write("album_order: [lofoten, iceland, skye]\n", to: input.appending(path: "trips/album.yml"))
        return input
    }

    @Test("a cover naming a hidden photo, an order naming no photo or album, an album whose every photo is hidden: each a site warning")
    func warnings() throws {
        var config = SiteConfig()
        config.baseURL = "https://example.org/"
        let build = try TestBuild.run(input: Self.library(), config: config)
        #expect(build.summary.failed.isEmpty)
        let warnings = Set(build.summary.siteWarnings)
        #expect(warnings == [
            "trips/skye/album.yml: cover 'Wood.jpg' is a hidden photo; 'Garden.jpg' stands in",
            "trips/skye/album.yml: order names 'Gone.jpg', which is not a photo of this album; the others keep their order",
            "trips/album.yml: album_order names 'iceland', which is no sub-album of this one; the others keep their order",
            "trips/lofoten: every photo of this album is hidden: its pages are built, but left out of its parent, the sitemap and the feed",
        ], "\(build.summary.siteWarnings)")
        // The album that shows nothing: its pages are there, linked from nowhere, in no sitemap or feed.
        #expect(FileManager.default.fileExists(atPath: build.output.appending(path: "trips/lofoten/index.html").path))
        for page in ["trips/index.html", "sitemap.xml", "feed.xml"] {
            #expect(try !AlbumFileSiteTests.page(build, page).contains("lofoten"), "\(page)")
        }
        // Said again by a no-op build.
        let again = try TestBuild.run(input: Self.library(), config: config)
        #expect(Set(again.summary.siteWarnings) == warnings)
    }

    @Test("an album's page and its card on the parent's page say the same count: its albums and all the photos they show")
    func countsAgree() throws {
        let build = try TestBuild.run(input: Self.library())
        let index = try AlbumFileSiteTests.page(build, "index.html")
        let trips = try AlbumFileSiteTests.page(build, "trips/index.html")
        // trips: Aqua, and skye's Garden (Wood hidden); lofoten shows nothing, so it is no album of it.
        #expect(index.contains("<span class=\"count\">1 album, 2 photos</span>"), "the card")
        #expect(trips.contains("<p class=\"count\">1 album, 2 photos</p>"), "the page")
        #expect(trips.contains("<span class=\"count\">1 photo</span>"), "skye's card")
        #expect(try AlbumFileSiteTests.page(build, "trips/skye/index.html").contains("<p class=\"count\">1 photo</p>"))
    }
}
