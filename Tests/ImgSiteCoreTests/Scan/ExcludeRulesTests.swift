import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// `exclude:` globs in imgsite.yml, site-wide and per album.
@Suite struct ExcludeRulesTests {
    @Test("globs: * within a name, ? one character, ** any folders; a folder takes what is in it", arguments: [
        ("**/*-edit.jpg", "a/b/DSC_1-edit.jpg", true), ("**/*-edit.jpg", "DSC_1-edit.jpg", true), ("**/*-edit.jpg", "a/DSC_1.jpg", false),
        ("*-edit.jpg", "a/x-edit.jpg", false), ("private", "private/a/x.jpg", true), ("private/**", "private/x.jpg", true),
        ("private", "a/private/x.jpg", false), ("**/private", "a/private/x.jpg", true), ("a/?.jpg", "a/é.jpg", true),
        ("a/?.jpg", "a/ab.jpg", false), ("trips/*/raw", "trips/skye/raw/1.jpg", true), ("trips/*/raw", "trips/skye/x/raw/1.jpg", false),
    ])
    func globs(pattern: String, path: String, excluded: Bool) {
        #expect(ExcludeRules([pattern]).excludes(path) == excluded)
    }

    @Test("imgsite.yml: exclude is a list of globs; albums.<folder> takes exclude (true or globs inside it) and what album.yml says")
    func config() throws {
        let yaml = """
            exclude: ["**/*-edit.jpg", private]
            albums:
              family: { cover: IMG_2.jpg, title: Family, order: -date, placeholder: color }
              trips: { exclude: ["**/raw"] }
              old: { exclude: true }
            """
        let config = try SiteConfig.parse(yaml: yaml, file: "imgsite.yml")
        #expect(config.exclude == ["**/*-edit.jpg", "private"])
        #expect(config.albums["family"]?.file == AlbumFile(title: "Family", cover: "IMG_2.jpg", order: .newestFirst))
        #expect(config.albums["trips"]?.exclude == ["trips/**/raw"] && config.albums["old"]?.exclude == ["old"])
        let rules = config.excludeRules
        #expect(rules.excludes("trips/skye/raw/1.jpg") && rules.excludes("old/x.jpg") && rules.excludes("private/a.jpg"))
        #expect(!rules.excludes("family/IMG_2.jpg") && !rules.excludes("raw/1.jpg"))
        for (bad, key) in [("exclude: private\n", "exclude"), ("exclude: [\"../x\"]\n", "exclude"), ("albums: { a: { exclude: maybe } }\n", "albums.a.exclude"),
                           ("albums: { a: { hidden: maybe } }\n", "albums.a"), ("albums: { a: { colour: red } }\n", "albums.a.colour")] {
            #expect(throws: ConfigError.self, "\(bad)") { try SiteConfig.parse(yaml: bad, file: "imgsite.yml") }
            do { _ = try SiteConfig.parse(yaml: bad, file: "imgsite.yml") } catch { #expect(error.key == key, "\(bad): \(error)") }
        }
    }

    @Test("a build publishes nothing excluded, says nothing of it, and takes albums.<folder> settings under the album's own file")
    func build() throws {
        let input = try AlbumFileSiteTests.library()
        try Corpus.copy([Corpus.photo("nature/Garden.jpg")], into: input, album: "01-skye/raw")
        try FileManager.default.copyItem(at: Corpus.photo("nature/LadyBird.jpg"), to: input.appending(path: "01-skye/Wood-edit.jpg"))
        var config = try SiteConfig.parse(yaml: """
            exclude: ["**/*-edit.jpg"]
            albums:
              01-skye: { exclude: [raw], title: From the config, cover: Aqua.jpg }
              03-broken: { title: Mended, cover: Dune.jpg }
            """, file: "imgsite.yml")
        config.title = "t"
        let build = try TestBuild.run(input: input, config: config)
        #expect(build.summary.built == 5 && build.summary.skipped.isEmpty, "\(build.summary.built)")
        #expect(!build.manifest.images.contains { $0.source.contains("raw/") || $0.source.contains("-edit") })
        #expect(!build.summary.siteWarnings.contains { $0.contains("albums.") }, "\(build.summary.siteWarnings)")
        let index = try AlbumFileSiteTests.page(build, "index.html")
        // album.yml's title and cover win over the config's; the broken one's album takes the config's.
        #expect(index.contains("Skye &lt;in&gt; October") && !index.contains("From the config") && index.contains("Mended"))
        let card = try #require(index.firstRange(of: "href=\"skye/index.html\"").map { String(index[$0.lowerBound...].prefix(4000)) })
        #expect(card.contains("skye/_img/wood-"))
    }
}
