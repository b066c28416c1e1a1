import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// `language:` and `templates/strings.yml`: the theme's words, counts,
/// dates and numbers in the site's language, and its writing direction.
@Suite struct LanguageTests {
    @Test("every built-in language has every word; counts have their language's plural forms")
    func catalogues() throws {
        #expect(Set(Words.builtIn) == ["en", "de", "fr", "es", "it", "nl", "pt", "pl", "sv", "da", "ja", "zh-Hans", "ar"])
        for tag in Words.builtIn {
            let (words, warnings) = try Words.load(language: tag, templates: try Corpus.scratch("templates"))
            #expect(warnings.isEmpty && words.language == tag)
            #expect(Set(words.texts.keys).union(words.counts.keys).union(Words.shapeKeys) == Words.keys, "\(tag) has every key")
            for n in [0, 1, 2, 3, 5, 11, 22, 100] {
                let category = PluralRule.category(n, language: tag)
                for key in Words.countKeys {
                    #expect(words.counts[key]?[category] != nil || category == "other" || words.counts[key]?["other"] != nil)
                    #expect(!words.count(key, n).contains("{"), "\(tag) \(key) \(n)")
                }
            }
            #expect(words.day("2008-10-22T16:28:39")?.contains("2008") == true, "\(tag)")
        }
    }

    @Test("plural categories, numbers and dates are each language's")
    func forms() throws {
        #expect([1, 2, 5, 12, 22, 25, 112].map { PluralRule.category($0, language: "pl") } == ["one", "few", "many", "many", "few", "many", "many"])
        #expect([0, 1, 2, 3, 11, 100].map { PluralRule.category($0, language: "ar") } == ["zero", "one", "two", "few", "many", "other"])
        #expect([0, 1, 2].map { PluralRule.category($0, language: "fr") } == ["one", "one", "other"])
        #expect(PluralRule.category(1, language: "ja") == "other" && PluralRule.category(1, language: "pt-BR") == "one")
        let scratch = try Corpus.scratch("templates")
        func words(_ tag: String) throws -> Words { try Words.load(language: tag, templates: scratch).words }
        #expect(try words("pl").media(MediaCount(photos: 22, clips: 5)) == "22 zdjęcia, 5 filmów")
        #expect(try words("de").media(MediaCount(photos: 10_000, clips: 1), albums: 2) == "2 Alben, 10.000 Fotos, 1 Clip")
        #expect(try words("es").number(1000) == "1000" && words("es").number(10_000) == "10.000")
        #expect(try words("fr").number(10_000) == "10\u{202F}000" && words("fr").decimals("2.4 MB") == "2,4 MB")
        #expect(try words("ja").media(MediaCount(photos: 3, clips: 1)) == "写真3枚、動画1本")
        #expect(try words("ar").media(MediaCount(photos: 2)) == "صورتان")
        #expect(try words("de").day("2008-10-22T16:28:39") == "22. Oktober 2008")
        #expect(try words("zh-Hans").day("2008-10-22T16:28:39") == "2008年10月22日")
        #expect(try words("es").dateTime("2008-10-22T16:28:39") == "22 de octubre de 2008, 16:28")
        #expect(try words("de").download(MediaCount(photos: 3, clips: 1)) == "Alle 3 Fotos und 1 Clip herunterladen")
    }

    @Test("a tag finds its language's words by its start; another is English, said once")
    func tags() throws {
        #expect(Words.builtInTag(for: "de-CH") == "de" && Words.builtInTag(for: "pt-BR") == "pt" && Words.builtInTag(for: "ZH-cn") == "zh-Hans")
        #expect(Words.builtInTag(for: "zh") == "zh-Hans" && Words.builtInTag(for: "zh-TW") == nil && Words.builtInTag(for: "fi") == nil)
        let (finnish, warnings) = try Words.load(language: "fi", templates: try Corpus.scratch("templates"))
        #expect(finnish.language == "fi" && finnish.text("slideshow") == "Slideshow")
        #expect(warnings.count == 1 && warnings[0].reason.hasPrefix("language: fi has no built-in words"), "\(warnings)")
        #expect(throws: ConfigError.self) { try SiteConfig.parse(yaml: "language: deutsch\n", file: "imgsite.yml") }
        #expect(throws: ConfigError.self) { try SiteConfig.parse(yaml: "language: 12\n", file: "imgsite.yml") }
        #expect(try SiteConfig.parse(yaml: "language: zh-Hans\n", file: "imgsite.yml").language == "zh-Hans")
    }

    /// `trip/` with a dated camera file (DSCN0010), a named photo and an undated camera file.
    static func library() throws -> URL {
        let input = try Corpus.scratch("input")
        try Corpus.copy(["cameras/DSCN0010.jpg", "nature/Storm.jpg"].map(Corpus.photo), into: input, album: "trip")
        try FileManager.default.copyItem(at: Corpus.photo("nature/Aqua.jpg"), to: input.appending(path: "trip/IMG_0001.jpg"))
        return input
    }

    @Test("language: de: lang, headings, counts, dates, details, tools and footer in German, the HTML checker's lang kept")
    func german() throws {
        var config = SiteConfig()
        config.language = "de"
        let build = try TestBuild.run(input: try Self.library(), config: config)
        let page = { (path: String) in try AlbumFileSiteTests.page(build, path) }
        let photo = try page("trip/dscn0010.html")
        #expect(photo.hasPrefix("<!DOCTYPE html>\n<html lang=\"de\">"))
        #expect(photo.contains("<h1>22. Oktober 2008</h1>") && photo.contains(">22. Oktober 2008, 16:28</time>"))
        #expect(photo.contains("<dt>Kamera</dt>") && photo.contains(">Diashow</button>") && photo.contains("title=\"Vollbild (F)\""))
        #expect(photo.contains("<dd>f/5,9</dd>") && photo.contains("<dd>24 mm</dd>"), "measures with the decimal comma, names as they are")
        #expect(photo.contains("Erstellt mit imgsite</footer>") && photo.contains("aria-label=\"Fotos\""))
        #expect(try page("trip/img-0001.html").contains(/<h1>Foto \d<\/h1>/))
        #expect(try page("trip/index.html").contains("<p class=\"count\">3 Fotos</p>"))
        #expect(try page("index.html").contains("<span class=\"count\">3 Fotos</span>"))
        for file in ["index.html", "trip/index.html", "trip/storm.html"] {
            #expect(!(try page(file)).contains(/Made with|Slideshow|Camera<|Full screen| photos</), "no English left: \(file)")
        }
    }

    @Test("language: ar: right to left, its plural forms, its arrows")
    func arabic() throws {
        var config = SiteConfig()
        config.language = "ar"
        let build = try TestBuild.run(input: try Self.library(), config: config)
        let photo = try AlbumFileSiteTests.page(build, "trip/storm.html")
        #expect(photo.contains("<html lang=\"ar\" dir=\"rtl\">"))
        #expect(photo.contains(/rel="(prev|next)" href="[^"]+" class="arrow">.*?<span class="visually-hidden">(→ [^<]+|[^<]+ ←)<\/span>/),
                "the arrows point the way the page reads")
        #expect(try AlbumFileSiteTests.page(build, "trip/index.html").contains("<p class=\"count\">3 صور</p>"))
        let css = try AlbumFileSiteTests.page(build, "_assets/style.css")
        #expect(!css.contains(/\b(left|right):/), "sides are logical, so dir=rtl mirrors them")
    }

    @Test("templates/strings.yml sets any word over the language's; a word it does not know is an error naming its line")
    func ownWords() throws {
        let input = try Self.library()
        let templates = input.appending(path: "templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try "made_with: Fotos von Jo\nphotos: { one: \"{n} Bild\", other: \"{n} Bilder\" }\n"
            .write(to: templates.appending(path: "strings.yml"), atomically: true, encoding: .utf8)
        var config = SiteConfig()
        config.language = "de-CH"
        let build = try TestBuild.run(input: input, config: config)
        let album = try AlbumFileSiteTests.page(build, "trip/index.html")
        #expect(album.contains("<html lang=\"de-CH\">") && album.contains("Fotos von Jo</footer>") && album.contains("<p class=\"count\">3 Bilder</p>"))
        #expect(try AlbumFileSiteTests.page(build, "trip/storm.html").contains("aria-label=\"Fotos\""), "the words it does not set are the language's")

        try "made_with: Jo\nslidshow: Diaschau\n".write(to: templates.appending(path: "strings.yml"), atomically: true, encoding: .utf8)
        #expect {
            try TestBuild.run(input: input, config: config, output: build.output)
        } throws: { error in
            let text = "\(error)"
            return text.contains("templates/strings.yml:2") && text.contains("did you mean 'slideshow'")
        }
    }
}
