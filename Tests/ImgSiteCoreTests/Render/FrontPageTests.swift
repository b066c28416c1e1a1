import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// The front page's hero, cards that span the width, and a long story
/// folded on phones and beside the photos on wide screens (#68 ask 1).
@Suite struct FrontPageTests {
    /// `trip` (two photos, a long story), `more` (one photo), `family`
    /// (private), `secret` (hidden); the top album.yml names `cover`.
    static func library(cover: String) throws -> URL {
        let input = try Corpus.scratch("front-page-in")
        try Corpus.copy(["nature/Aqua.jpg", "nature/Storm.jpg"].map(Corpus.photo), into: input, album: "trip")
        try Corpus.copy([Corpus.photo("nature/Dune.jpg")], into: input, album: "more")
        try Corpus.copy([Corpus.photo("nature/Garden.jpg")], into: input, album: "family")
        try Corpus.copy([Corpus.photo("nature/Wood.jpg")], into: input, album: "secret")
        let story = (1...3).map { "Paragraph \($0): the walk, the weather, and what the light did." }.joined(separator: "\n\n  ")
        try AlbumFileSiteTests.write("description: |\n  \(story)\n", to: input.appending(path: "trip/album.yml"))
        try AlbumFileSiteTests.write("hidden: true\n", to: input.appending(path: "secret/album.yml"))
        try AlbumFileSiteTests.write("description: A short hello.\ncover: \(cover)\n", to: input.appending(path: "album.yml"))
        return input
    }

    static func build(cover: String) throws -> TestBuild {
        var config = SiteConfig()
        var family = AlbumSettings()
        family.privacy = PrivateAlbumSettings(passwordEnv: "FAMILY_PASSWORD", listed: true)
        config.albums["family"] = family
        return try TestBuild.run(input: try library(cover: cover), config: config, environment: ["FAMILY_PASSWORD": "correct horse battery"])
    }

    @Test("the top album.yml's cover, a sub-album's photo, is the hero: linked to its page, as wide as the content, eager")
    func hero() throws {
        let build = try Self.build(cover: "trip/Storm.jpg")
        #expect(build.summary.siteWarnings.isEmpty, "\(build.summary.siteWarnings)")
        let index = try AlbumFileSiteTests.page(build, "index.html")
        let hero = try #require(index.firstRange(of: #/<a class="hero" href="trip/storm.html" style="--a: [0-9.]+"><picture>(?s:.*?)</picture></a>/#))
        let markup = String(index[hero])
        #expect(markup.contains("trip/_img/storm-") && markup.contains("fetchpriority=\"high\"") && !markup.contains("loading=\"lazy\""))
        #expect(markup.contains("sizes=\"\(ThemeLayout().heroSizes)\""))
        // The hero comes before the cards.
        #expect(index.range(of: "class=\"hero\"")!.lowerBound < index.range(of: "class=\"grid albums")!.lowerBound)
        // Albums' pages have no hero.
        #expect(try !AlbumFileSiteTests.page(build, "trip/index.html").contains("class=\"hero\""))
    }

    @Test("a cover in a private or hidden album, or naming nothing, is a warning and no hero: never a private photo on the front page",
          arguments: [("family/Garden.jpg", "is in a private album, which no other page shows"), ("secret/Wood.jpg", "is in a hidden album"),
                      ("trip/Nope.jpg", "names no photo of 'trip'"), ("nowhere/Storm.jpg", "names no sub-album 'nowhere'")])
    func refusedCovers(cover: String, reason: String) throws {
        let build = try Self.build(cover: cover)
        #expect(build.summary.siteWarnings.contains("album.yml: cover '\(cover)' \(reason); the front page shows no cover"),
                "\(build.summary.siteWarnings)")
        let index = try AlbumFileSiteTests.page(build, "index.html")
        #expect(!index.contains("class=\"hero\"") && !index.contains("garden-") && !index.contains("wood-"))
    }

    @Test("a cover naming a photo its sidecar hides is a warning, and no hero")
    func hiddenPhotoCover() throws {
        let input = try Self.library(cover: "trip/Storm.jpg")
        try AlbumFileSiteTests.write("hidden: true\n", to: input.appending(path: "trip/Storm.jpg.yml"))
        let build = try TestBuild.run(input: input, config: SiteConfig())
        #expect(build.summary.siteWarnings.contains { $0.hasPrefix("album.yml: cover 'trip/Storm.jpg' is a hidden photo") }, "\(build.summary.siteWarnings)")
        #expect(try !AlbumFileSiteTests.page(build, "index.html").contains("class=\"hero\""))
    }

    @Test("cards: a few span the width (as many columns as cards, two at least), their sizes say so; labels wrap")
    func cards() throws {
        let build = try Self.build(cover: "trip/Storm.jpg")
        let index = try AlbumFileSiteTests.page(build, "index.html")
        // trip, more and the locked family card: three columns on wide screens.
        #expect(index.contains("<ul class=\"grid albums cards-3\">"))
        let layout = ThemeLayout()
        let sizes = layout.gridSizes(aspect: 1.5, cards: 3)
        #expect(sizes.hasPrefix("(min-width: 1600px) \(Int((layout.gridCellWidth(viewport: 1600, cards: 3) * layout.coverScale(aspect: 1.5)).rounded(.up)))px"))
        let css = try AlbumFileSiteTests.page(build, "_assets/style.css")
        #expect(css.contains(".albums.cards-3 { grid-template-columns: repeat(3, minmax(0, 1fr)); }"))
        #expect(!css.contains("text-overflow: ellipsis"), "a card's name is never cut")
        #expect(layout.cardColumns(cards: 1) == 2 && layout.cardColumns(cards: 9) == 4)
    }

    @Test("a long story folds on phones (Read more, no script) and stands beside the photos on wide screens; a short one does neither")
    func story() throws {
        let build = try Self.build(cover: "trip/Storm.jpg")
        let album = try AlbumFileSiteTests.page(build, "trip/index.html")
        #expect(album.contains("<div class=\"beside-story\">\n<div class=\"story long\" id=\"story\">"))
        #expect(album.contains("<a class=\"more\" href=\"#story\">Read more</a>"))
        // The rows' sizes leave the story's column out from 1,000 px.
        let fixed = 2 * ThemeLayout().pagePadding + ThemeLayout.storyColumn + ThemeLayout.storyGap
        #expect(album.contains("(min-width: 1000px) calc((100vw - \(fixed)px) *"))
        let index = try AlbumFileSiteTests.page(build, "index.html")
        #expect(index.contains("<div class=\"story\" id=\"story\">") && !index.contains("Read more") && !index.contains("beside-story"))
        #expect(ThemeLayout.isLongStory("<p>" + String(repeating: "word ", count: 60) + "</p>"))
        #expect(!ThemeLayout.isLongStory("<p>One.</p><p>Two.</p>") && ThemeLayout.isLongStory("<p>1</p><p>2</p><p>3</p>"))
    }
}
