import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// With `base_url`: Open Graph / Twitter tags on every page, pointing at a
/// real 1,200 px file; `sitemap.xml` listing every page; an Atom feed of the
/// newest photos. Without it: none of that, and links stay relative.
@Suite struct SharingTests {
    static let base = "https://photos.example.com/gallery/"

    @Test("published: share tags on every page, sitemap of every page, feed of the newest photos; unpublished: all gone")
    func publishedThenNot() throws {
        let input = Corpus.repoRoot.appendingPathComponent("site-example/photos")
        var config = try SiteConfig.parse(yaml: "base_url: https://photos.example.com/gallery\n", file: "imgsite.yml")
        #expect(config.baseURL == Self.base)
        let site = try TestBuild.run(input: input, config: config)
        let pages = site.manifest.pages.filter { $0.hasSuffix(".html") }
        let files = Set(site.manifest.images.flatMap { $0.variants.map(\.path) })
        for page in pages {
            let html = try String(contentsOf: site.output.appendingPathComponent(page), encoding: .utf8)
            #expect(html.contains("<meta property=\"og:url\" content=\"\(Self.base)\(page)\">"), "\(page)")
            #expect(html.contains("<link rel=\"canonical\" href=\"\(Self.base)\(page)\">"))
            let image = try #require(html.firstMatch(of: /<meta property="og:image" content="([^"]+)">/)?.output.1, "\(page) has no og:image")
            #expect(image.hasPrefix(Self.base) && files.contains(String(image.dropFirst(Self.base.count))), "\(page): \(image)")
            #expect(html.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"))
            // Links inside the site stay relative.
            #expect(!html.contains("href=\"\(Self.base)_assets") && html.contains("_assets/style.css"))
        }
        let storm = try String(contentsOf: site.output.appendingPathComponent("nature/storm.html"), encoding: .utf8)
        let shareWidth = try #require(storm.firstMatch(of: /<meta property="og:image:width" content="(\d+)">/).flatMap { Int($0.output.1) })
        #expect(shareWidth >= 1200 && Double(shareWidth) < 1200 * WidthPlanner.defaultWideStep, "the smallest variant of at least 1,200 px: \(shareWidth)")

        let sitemap = try Self.parse(site.output.appendingPathComponent(PageSpec.sitemapPath))
        // site-example's hidden photo (YellowFlower.jpg.yml) has its page, and no place in the sitemap or the manifest.
        #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("nature/yellowflower.html").path))
        #expect(!site.manifest.images.contains { $0.source == "nature/YellowFlower.jpg" } && !pages.contains("nature/yellowflower.html"))
        #expect(sitemap.texts("loc") == pages.map { Self.base + $0 })
        let feed = try Self.parse(site.output.appendingPathComponent(PageSpec.feedPath))
        let dates = feed.texts("updated").dropFirst()  // the feed's own, then one per entry
        #expect(!dates.isEmpty && dates.count <= 20 && Array(dates) == dates.sorted(by: >))
        #expect(feed.texts("updated").first == dates.first, "the feed's date is its newest entry's: reproducible")
        for link in feed.texts("id").dropFirst() { #expect(sitemap.texts("loc").contains(link)) }

        config.baseURL = nil
        let unpublished = try TestBuild.run(input: input, config: config, output: site.output)
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent(PageSpec.sitemapPath).path))
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent(PageSpec.feedPath).path))
        let plain = try String(contentsOf: unpublished.output.appendingPathComponent("nature/storm.html"), encoding: .utf8)
        #expect(!plain.contains("og:") && !plain.contains("twitter:") && !plain.contains(Self.base))
    }

    @Test("the feed holds the newest photos by capture date, undated ones last", arguments: [5, 20])
    func newest(_ count: Int) {
        let (planned, _) = RenderFixture.site(photoNames: (1...8).map { "p\($0).jpg" })
        let dates: [String?] = ["2020-01-03T00:00:00", nil, "2021-05-01T00:00:00", "2019-12-31T23:59:59", nil, "2021-05-01T00:00:00", nil, "2000-01-01T00:00:00"]
        let photos = planned.children[0].photos.enumerated().map { index, planned in
            PageSpec.FeedEntry(photo: BuiltAlbum.Photo(planned: planned, summary: ImageSummary(digest: "", captureDate: dates[index])), path: "\(index)")
        }
        let newest = PageMap.newest(photos, count: count).map(\.path)
        #expect(newest == Array(["2", "5", "0", "3", "7", "1", "4", "6"].prefix(count)))
    }

    @Test("base_url must be an absolute http(s) address", arguments: ["photos/", "ftp://example.com/", "https://", "https://example.com/?a=1"])
    func badBaseURL(_ text: String) {
        #expect(throws: ConfigError.self) { try SiteConfig.parse(yaml: "base_url: \"\(text)\"\n", file: "imgsite.yml") }
    }

    /// Element texts of a well-formed XML file.
    struct Parsed {
        var elements: [(name: String, text: String)]
        func texts(_ name: String) -> [String] { elements.filter { $0.name == name }.map(\.text) }
    }

    static func parse(_ url: URL) throws -> Parsed {
        final class Collector: NSObject, XMLParserDelegate {
            var elements: [(name: String, text: String)] = []
            var text = ""
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) { text = "" }
            func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
                elements.append((name, text.trimmingCharacters(in: .whitespacesAndNewlines)))
            }
        }
        let parser = XMLParser(data: try Data(contentsOf: url))
        let collector = Collector()
        parser.delegate = collector
        #expect(parser.parse(), "\(url.lastPathComponent) is not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")")
        return Parsed(elements: collector.elements)
    }
}
