import Foundation
import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// Opens the built example site in headless Chromium, from file://.
@Suite(.tags(.browser), .serialized) struct BrowserSmokeTests {
    /// Waits until every image has finished (loaded or failed), scrolling so
    /// lazy images start, then reports each image's natural width.
    static let imageReport = """
        const done = arguments[0];
        const deadline = Date.now() + 15000;
        (function check() {
          window.scrollTo(0, document.body.scrollHeight);
          const images = Array.from(document.images);
          if (images.every(i => i.complete) || Date.now() > deadline) {
            done(images.map(i => ({src: i.currentSrc || i.src, width: i.naturalWidth})));
          } else { setTimeout(check, 100); }
        })();
        """

    @Test("every <img> loads and the console stays clean on index, album and photo pages")
    func siteLoadsInChromium() async throws {
        let input = Corpus.repoRoot.appendingPathComponent("site-example/photos")
        let site = try TestBuild.run(input: input)
        #expect(site.summary.failed.isEmpty)
        try await WebDriver.session { browser in
            try await Self.check(browser, site: site)
        }
    }

    static func check(_ browser: WebDriver, site: TestBuild) async throws {
        for page in ["index.html", "nature/index.html", "nature/storm.html", "colour/index.html"] {
            try await browser.open(site.output.appendingPathComponent(page))
            let images = try #require(try await browser.executeAsync(Self.imageReport) as? [[String: Any]])
            #expect(!images.isEmpty, "\(page) shows no image")
            for image in images {
                #expect((image["width"] as? Int ?? 0) > 0, "\(page): \(image["src"] ?? "?") did not load")
            }
            let problems = try await browser.consoleLog().filter { ($0["level"] as? String) == "SEVERE" || ($0["level"] as? String) == "WARNING" }
            #expect(problems.isEmpty, "\(page) console: \(problems)")
        }
    }
}
