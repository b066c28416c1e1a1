import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing
import Vips

/// HDR photos in Chromium, served over HTTP as a host would: Chromium
/// started with `--force-color-profile=hdr10` is an HDR screen
/// (`(dynamic-range: high)` matches); its photo page, viewer, full screen
/// and zoom take the gain-map JPEGs; a plain Chromium (an SDR screen) never
/// downloads one byte of them, and grids are SDR on both.
@Suite(.tags(.browser, .hdr), .serialized,
       .enabled(if: Vips.handlesGainMaps, "needs a libvips that writes gain maps (8.18 with libultrahdr): `make test-hdr` runs it with PyPI's"))
struct HDRBrowserTests {
    static let hdrScreen = "--force-color-profile=hdr10"

    /// Every file this page has fetched so far (their names).
    static let fetched = "arguments[0](performance.getEntriesByType('resource').map(entry => entry.name.split('/').pop()));"

    static func site() throws -> TestBuild {
        let input = try Corpus.scratch("hdr-browser")
        try Corpus.copy([Corpus.root.appending(path: "hdr/aqua-ultrahdr.jpg"), Corpus.photo("nature/Storm.jpg"),
                         Corpus.root.appending(path: "hdr/dune-ultrahdr.jpg")], into: input, album: "hdr")
        return try TestBuild.run(input: input)
    }

    /// What the photo's `<img>` shows once loaded, and every file fetched.
    func photoPage(_ browser: WebDriver, _ url: URL) async throws -> (matches: Bool, shown: String, fetched: [String]) {
        try await browser.open(url)
        let answer = try #require(try await browser.executeAsync("""
            const done = arguments[0], img = document.querySelector('figure.photo img');
            const ready = () => img.complete && img.currentSrc ? done([matchMedia('(dynamic-range: high)').matches, img.currentSrc]) : setTimeout(ready, 50);
            ready();
            """) as? [Any])
        let fetched = try #require(try await browser.executeAsync(Self.fetched) as? [String])
        return (answer[0] as? Bool ?? false, ViewerTests.name(answer[1]), fetched)
    }

    @Test("an HDR screen's photo page takes one gain-map JPEG, matched to its size, and no SDR file of the photo; an SDR screen's takes its SDR file and no gain-map byte; album pages are SDR on both")
    func eachScreenItsFiles() async throws {
        let site = try Self.site()
        let server = try ServedSite(site.output)
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)/hdr/"
        let aqua = try site.image("hdr/aqua-ultrahdr.jpg")
        let hdrNames = Set(site.manifest.images.flatMap(\.hdrStills).map { ($0.path as NSString).lastPathComponent })
        #expect(hdrNames.count > 10)
        for hdr in [false, true] {
            try await WebDriver.session(arguments: hdr ? [Self.hdrScreen] : []) { browser in
                try await browser.cdp("Emulation.setDeviceMetricsOverride", ["width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": false])
                let page = try await photoPage(browser, URL(string: base + "aqua-ultrahdr.html")!)
                #expect(page.matches == hdr, "(dynamic-range: high) on \(hdr ? "an HDR" : "an SDR") screen")
                // This photo's own (the next photo's page and file are fetched ahead too, each the screen's kind).
                let gainMaps = page.fetched.filter { hdrNames.contains($0) && $0.hasPrefix("aqua-") }
                let next = page.fetched.filter { $0.hasPrefix("dune-ultrahdr-") }
                #expect(next.count == 1 && next[0].contains("-hdr.") == hdr, "the next photo's file, fetched ahead: \(page.fetched)")
                if hdr {
                    #expect(page.shown.contains("-hdr.") && gainMaps == [page.shown], "one HDR file, the one shown (\(page.shown)): \(page.fetched)")
                    let sdrOfPhoto = aqua.variants.filter { $0.role != .hdr }.map { ($0.path as NSString).lastPathComponent }
                    #expect(!page.fetched.contains { sdrOfPhoto.contains($0) }, "no SDR file of the photo: \(page.fetched)")
                } else {
                    #expect(!page.shown.contains("-hdr.") && !page.fetched.contains(where: hdrNames.contains), "no gain-map byte: \(page.fetched)")
                }
                // The zoom: the widest file of the screen's kind.
                try await browser.press("z", code: 90)
                let zoomed = try #require(try await browser.executeAsync("""
                    const done = arguments[0];
                    const ready = () => { const large = document.querySelector('.zoom img'); large && large.complete ? done(large.currentSrc) : setTimeout(ready, 50); };
                    ready();
                    """) as? String)
                #expect(ViewerTests.name(zoomed).contains("-hdr.") == hdr, "the zoom on \(hdr ? "an HDR" : "an SDR") screen: \(zoomed)")
                let widestHDR = try #require(aqua.hdrStills.first)
                if hdr { #expect(ViewerTests.name(zoomed) == (widestHDR.path as NSString).lastPathComponent) }
                // The album: SDR files only, whatever the screen.
                try await browser.open(URL(string: base)!)
                _ = try await browser.executeAsync(BrowserSmokeTests.imageReport)
                let album = try #require(try await browser.executeAsync(Self.fetched) as? [String])
                #expect(!album.contains(where: hdrNames.contains), "\(album)")
                // The viewer over the album: its figure's picture, so the screen's file.
                _ = try await browser.executeAsync("""
                    [...document.querySelectorAll('.grid.photos a')].find(a => a.href.includes('aqua')).click(); arguments[0]()
                    """)
                _ = try await browser.executeAsync(PhotoToolsTests.waitFor,
                    "document.querySelector('.viewer figure.photo img') && document.querySelector('.viewer figure.photo img').complete")
                let shown = try #require(try await browser.executeAsync(ViewerTests.state) as? [Any])
                #expect(ViewerTests.name(shown[4]).contains("-hdr.") == hdr, "the viewer on \(hdr ? "an HDR" : "an SDR") screen: \(shown)")
                let all = try #require(try await browser.executeAsync(Self.fetched) as? [String])
                if !hdr { #expect(!all.contains(where: hdrNames.contains), "an SDR screen fetched a gain-map JPEG: \(all)") }
            }
        }
    }
}
