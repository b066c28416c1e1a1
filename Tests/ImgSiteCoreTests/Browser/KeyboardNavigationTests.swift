import Foundation
import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// The photo page's optional script in Chromium: → to the next photo, ← to
/// the previous, Esc to the album; the same links work without it.
@Suite(.tags(.browser), .serialized) struct KeyboardNavigationTests {
    @Test("→, ← and Esc move between photo pages and back to the album")
    func keys() async throws {
        let site = try TestBuild.run(input: Corpus.repoRoot.appendingPathComponent("site-example/photos"))
        let page = site.output.appendingPathComponent("nature/storm.html")
        let html = try String(contentsOf: page, encoding: .utf8)
        let next = try #require(html.firstMatch(of: /<a rel="next" href="([^"]+)"/)?.output.1, "storm has a next photo")
        try await WebDriver.session { browser in
            try await browser.open(page)
            try await browser.press("ArrowRight", code: 39)
            let forward = try await Self.waitForURL(browser) { $0.hasSuffix("/nature/\(next)") }
            #expect(forward, "→ from storm.html goes to \(next)")
            try await browser.press("ArrowLeft", code: 37)
            let back = try await Self.waitForURL(browser) { $0.hasSuffix("/nature/storm.html") }
            #expect(back, "← comes back")
            try await browser.press("Escape", code: 27)
            let album = try await Self.waitForURL(browser) { $0.hasSuffix("/nature/index.html") }
            #expect(album, "Esc goes to the album")
            let problems = try await browser.consoleLog().filter { ($0["level"] as? String) == "SEVERE" }
            #expect(problems.isEmpty, "\(problems)")
        }
    }

    static func waitForURL(_ browser: WebDriver, _ done: (String) -> Bool) async throws -> Bool {
        for _ in 0..<50 {
            if done(try await browser.currentURL()) { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }
}
