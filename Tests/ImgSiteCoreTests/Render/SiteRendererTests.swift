import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing

@Suite struct SiteRendererTests {
    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")

    /// Compares with the recorded file; `IMGSITE_RECORD=1 swift test` re-records
    /// and fails, so a run that only wrote baselines is never green.
    static func assertSnapshot(_ text: String, named name: String) throws {
        let url = snapshots.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["IMGSITE_RECORD"] == "1" {
            try FileManager.default.createDirectory(at: snapshots, withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("recorded \(name); run the tests again without IMGSITE_RECORD")
            return
        }
        let recorded = try String(contentsOf: url, encoding: .utf8)
        #expect(text == recorded, "\(name) differs from its snapshot; re-record with IMGSITE_RECORD=1 if intended")
    }

    @Test("album page matches the recorded snapshot")
    func albumSnapshot() throws {
        let (planned, results) = RenderFixture.site()
        let pages = try RenderFixture.render(planned, results)
        try Self.assertSnapshot(try #require(pages["summer-2024/index.html"]), named: "album.html")
        try Self.assertSnapshot(try #require(pages["summer-2024/b.html"]), named: "photo.html")
    }

    @Test("dated photos first, then natural name order; previous/next follow it")
    func order() throws {
        let (planned, results) = RenderFixture.site()
        let page = try #require(try RenderFixture.render(planned, results)["summer-2024/index.html"])
        let hrefs = page.components(separatedBy: "<li class=\"cell\"").dropFirst().map { $0.components(separatedBy: "<a href=\"")[1].prefix { $0 != "\"" } }
        #expect(hrefs == ["b.html", "a.html", "c-9.html", "c-10.html"])
        let photo = try #require(try RenderFixture.render(planned, results)["summer-2024/c-9.html"])
        #expect(photo.contains("rel=\"prev\" href=\"a.html\"") && photo.contains("rel=\"next\" href=\"c-10.html\""))
    }

    @Test("names from files, folders and config are escaped; URLs are safe slugs")
    func escaping() throws {
        let (planned, results) = RenderFixture.site(albumName: "<b>\"Q\" & 'A'</b>", photoNames: ["<img src=x onerror=alert(1)>.jpg"])
        let pages = try RenderFixture.render(planned, results, title: "Tom & \"Jerry\" <3")
        #expect(pages.keys.contains("b-q-a-b/index.html"))
        for (path, html) in pages where path.hasSuffix(".html") {
            #expect(!html.contains("<img src=x"), "\(path)")
            #expect(!html.contains("<b>\"Q\""), "\(path)")
            #expect(!html.contains("Tom & \"Jerry\""), "\(path)")
        }
        let index = try #require(pages["index.html"])
        #expect(index.contains("Tom &amp; &quot;Jerry&quot; &lt;3"))
        #expect(index.contains("&lt;b&gt;&quot;Q&quot; &amp; &#39;A&#39;&lt;/b&gt;"))
    }

    @Test("images: width, height, lazy except above the fold, typed sources, placeholder")
    func pictureMarkup() throws {
        let (planned, results) = RenderFixture.site()
        let album = try #require(try RenderFixture.render(planned, results)["summer-2024/index.html"])
        let images = album.components(separatedBy: "<img ").dropFirst()
        #expect(images.count == 4)
        for image in images {
            #expect(image.contains("width=\"") && image.contains("height=\""))
            #expect(image.contains("background:url(data:image/png;base64,"))
            #expect(image.contains(" data-grid=\"") && !image.contains("onload="), "opaque images keep their placeholder underneath")
            #expect(image.contains("fetchpriority=\"high\""), "the first rows load eagerly")
        }
        #expect(album.contains("<source type=\"image/webp\" srcset=\"../summer-2024/_img/"))
        var layout = ThemeLayout()
        // 390 px: b, a and c 9 make the first row, from 140 px; c 10 starts at 260, below 200.
        layout.eagerViewport = Viewport(width: 390, height: 200, density: 1)
        let renderer = SiteRenderer(library: try DefaultTheme.library(overrides: nil), layout: layout, siteTitle: "S")
        let lazy = try renderer.render(planned, results: results).first { $0.path == "summer-2024/index.html" }!.contents
        #expect(lazy.components(separatedBy: "loading=\"lazy\" decoding=\"async\"").count - 1 == 1)
    }

    @Test("a transparent image clears its placeholder once loaded; no placeholder, no background")
    func transparentImages() throws {
        var (planned, results) = RenderFixture.site()
        results["Summer 2024/a.jpg"]!.hasAlpha = true
        results["Summer 2024/b.jpg"]!.placeholder = nil
        let album = try #require(try RenderFixture.render(planned, results)["summer-2024/index.html"])
        let images = album.components(separatedBy: "<img ").dropFirst()
        let transparent = try #require(images.first { $0.contains("alt=\"a\"") })
        #expect(transparent.contains("background:url(") && transparent.contains(" onload=\"this.style.background='none'\""))
        let bare = try #require(images.first { $0.contains("alt=\"b\"") })
        #expect(!bare.contains("background") && !bare.contains("data-grid") && !bare.contains("onload"))
    }

    @Test("a caption cached before its firmware text was known is not alt text or a caption")
    func firmwareCaptionFromCache() throws {
        var (planned, results) = RenderFixture.site()
        results["Summer 2024/a.jpg"]!.metadata.caption = "KONICA MINOLTA DIGITAL CAMERA"
        let pages = try RenderFixture.render(planned, results)
        #expect(try #require(pages["summer-2024/index.html"]).contains("alt=\"a\""))
        #expect(!pages.values.contains { $0.contains("DIGITAL CAMERA") })
    }

    @Test("albums of more than one page are paginated with links")
    func pagination() throws {
        let (planned, results) = RenderFixture.site(photoNames: (1...5).map { "p\($0).jpg" })
        var renderer = SiteRenderer(library: try DefaultTheme.library(overrides: nil), layout: ThemeLayout(), siteTitle: "S")
        renderer.options.pageSize = 2
        let pages = Dictionary(uniqueKeysWithValues: try renderer.render(planned, results: results).map { ($0.path, $0.contents) })
        #expect(pages.keys.contains("summer-2024/index_2.html") && pages.keys.contains("summer-2024/index_3.html"))
        #expect(pages["summer-2024/index.html"]!.contains("href=\"index_3.html\""))
    }

    @Test("a site's templates override the built-in ones")
    func overrides() throws {
        let folder = try Corpus.scratch()
        try "<p>custom {{pageTitle}}</p>".write(to: folder.appendingPathComponent("album.mustache"), atomically: true, encoding: .utf8)
        let (planned, results) = RenderFixture.site()
        let renderer = SiteRenderer(library: try DefaultTheme.library(overrides: folder), layout: ThemeLayout(), siteTitle: "S")
        let pages = try renderer.render(planned, results: results)
        #expect(pages.first { $0.path == "summer-2024/index.html" }?.contents == "<p>custom Summer 2024</p>")
        try "{{#broken}".write(to: folder.appendingPathComponent("photo.mustache"), atomically: true, encoding: .utf8)
        #expect(throws: BuildError.self) { try DefaultTheme.library(overrides: folder) }
    }

    @Test("the compiled-in theme matches templates/ (run `make templates` after editing)")
    func embeddedThemeInSync() throws {
        let folder = Corpus.repoRoot.appendingPathComponent("templates")
        let names = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".mustache") }.map { String($0.dropLast(".mustache".count)) }
        #expect(Set(names) == Set(DefaultTheme.files.keys))
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent("\(name).mustache"), encoding: .utf8)
            #expect(DefaultTheme.files[name] == String(text.dropLast(text.hasSuffix("\n") ? 1 : 0)), "\(name)")
        }
        let strings = folder.appending(path: "strings")
        let languages = try FileManager.default.contentsOfDirectory(atPath: strings.path).filter { $0.hasSuffix(".yml") }
        #expect(Set(languages.map { String($0.dropLast(".yml".count)) }) == Set(DefaultTheme.strings.keys))
        for file in languages {
            let text = try String(contentsOf: strings.appending(path: file), encoding: .utf8)
            #expect(DefaultTheme.strings[String(file.dropLast(".yml".count))] == String(text.dropLast(text.hasSuffix("\n") ? 1 : 0)), "\(file)")
        }
    }
}
