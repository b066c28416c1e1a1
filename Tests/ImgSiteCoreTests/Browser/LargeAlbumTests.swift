import Foundation
import Testing

/// An album of 10,000 photos, built and served as a user would, in
/// Chromium with its cache off: what the first view transfers, what is laid
/// out, and whether scrolling stays smooth.
@Suite(.tags(.browser, .alone), .serialized) struct LargeAlbumTests {
    /// After the page settles: bytes on the wire (navigation and every
    /// resource, compressed as sent), the images fetched and the depth of
    /// the deepest one, and the cells Chromium rendered.
    static let firstView = """
        const done = arguments[0];
        setTimeout(() => {
          const navigation = performance.getEntriesByType('navigation')[0];
          const resources = performance.getEntriesByType('resource');
          const fetched = new Set(resources.map(r => r.name));
          const images = Array.from(document.querySelectorAll('.photos img')).filter(i => fetched.has(i.currentSrc));
          const cells = Array.from(document.querySelectorAll('.photos .cell'));
          const rendered = cells.filter(c => c.querySelector('img').checkVisibility({contentVisibilityAuto: true}));
          done({
            bytes: navigation.transferSize + resources.reduce((sum, r) => sum + r.transferSize, 0),
            html: navigation.transferSize, htmlDecoded: navigation.decodedBodySize,
            images: images.length, deepest: Math.max(0, ...images.map(i => i.getBoundingClientRect().top)),
            cells: cells.length, rendered: rendered.length,
            renderedDeepest: Math.max(0, ...rendered.map(c => c.getBoundingClientRect().top)),
            viewport: innerHeight,
          });
        }, 2500);
        """

    /// Scrolls the page down a quarter screen per frame to its end, and
    /// reports the most cells Chromium rendered at any frame and how far
    /// beyond the view the farthest was, in screens (what keeps a scroll
    /// smooth: the rest stay skipped), and, for the message only, the long
    /// tasks (main-thread work of 50 ms or more) seen.
    static let scroll = """
        const done = arguments[0];
        const long = [];
        new PerformanceObserver(list => list.getEntries().forEach(e => long.push(Math.round(e.duration)))).observe({type: 'longtask'});
        (async () => {
          const start = performance.now();
          const cells = Array.from(document.querySelectorAll('.photos .cell'));
          let frames = 0, rendered = 0, reach = 0;
          while (scrollY + innerHeight < document.documentElement.scrollHeight - 1 && frames < 2000) {
            window.scrollBy(0, innerHeight / 4);
            await new Promise(r => requestAnimationFrame(r));
            const now = cells.filter(c => c.querySelector('img').checkVisibility({contentVisibilityAuto: true}));
            rendered = Math.max(rendered, now.length);
            reach = Math.max(reach, ...now.map(c => { const box = c.getBoundingClientRect(); return Math.max(-box.bottom, box.top - innerHeight); }));
            frames++;
          }
          await new Promise(r => setTimeout(r, 300));
          done({rendered, reach: reach / innerHeight, long, frames, ms: performance.now() - start, height: document.documentElement.scrollHeight});
        })();
        """

    @Test("10,000 photos: the first view transfers at most 1 MB on phones, 1x and 2x screens up to 5K, only cells near the viewport are rendered, while scrolling too; the viewer steps from a page's last photo into the next page's and Escape returns to the scroll it left")
    func tenThousand() async throws {
        let site = try TestBuild.run(input: try LargeAlbum.make(count: 10_000))
        #expect(site.summary.failed.isEmpty && site.manifest.images.count == 10_000)
        let server = try ServedSite(site.output)
        defer { server.stop() }
        let album = URL(string: "http://127.0.0.1:\(server.port)/big/index.html")!
        try await WebDriver.session { browser in
            try await browser.cdp("Network.enable")
            try await browser.cdp("Network.setCacheDisabled", ["cacheDisabled": true])
            // 2x screens fetch the dense AVIF files (`DenseScreens`); a 5K desktop is the heaviest view
            // (README, Large albums).
            let viewports: [(width: Int, height: Int, density: Double, mobile: Bool)] = [
                (390, 844, 3, true), (360, 740, 2, true), (1920, 1080, 1, false), (1440, 900, 2, false), (2560, 1440, 2, false),
            ]
            for viewport in viewports {
                let name = "\(viewport.width)×\(viewport.height)@\(viewport.density)"
                try await browser.cdp("Emulation.setDeviceMetricsOverride", [
                    "width": viewport.width, "height": viewport.height, "deviceScaleFactor": viewport.density, "mobile": viewport.mobile,
                ])
                try await browser.open(URL(string: "about:blank")!)
                try await browser.open(album)
                let view = try #require(try await browser.executeAsync(Self.firstView) as? [String: Any])
                let number = { (key: String) in (view[key] as? Double) ?? Double(view[key] as? Int ?? -1) }
                #expect(number("bytes") > 0 && number("bytes") <= 1_000_000, "\(name): first view \(view)")
                #expect(number("html") * 5 < number("htmlDecoded"), "\(name): the page is sent compressed: \(view)")
                // Chromium renders cells within about one and a half screens and fetches lazy images 1,250 px ahead.
                let near = number("viewport") * 2.5 + 1_250
                #expect(number("cells") == 120 && number("rendered") < 60, "\(name): \(view)")
                #expect(number("renderedDeepest") < near && number("deepest") < near, "\(name): \(view)")
                #expect(number("images") > 0 && number("images") <= number("rendered"), "\(name): an image fetched in a skipped cell: \(view)")
                let scroll = try #require(try await browser.executeAsync(Self.scroll) as? [String: Any])
                // Timing (long tasks) is measured by `make large-album-report`, not here: on a shared
                // 2-core machine a frame of 50-80 ms comes and goes with the neighbours' load.
                // Chromium renders cells up to 1.5 screens beyond the view, a quarter-screen scroll late (measured
                // reach 1.75 screens, at most 69 of 120 cells); a layout of the whole page would render every cell.
                let rendered = (scroll["rendered"] as? Int) ?? -1, reach = (scroll["reach"] as? Double) ?? 99
                #expect(rendered > 0 && rendered <= 90 && reach < 2, "\(name): cells rendered while scrolling: \(scroll)")
            }
            try await Self.viewerWalk(browser, album: album)
        }
    }

    /// The viewer on a page of 120 cells of 10,000: the page's last photo
    /// opened from its end, three steps into the next page's photos, each
    /// the one photo in the document, fetching only the pages shown and
    /// their neighbours; Escape returns to the album's address and scroll.
    static func viewerWalk(_ browser: WebDriver, album: URL) async throws {
        try await browser.cdp("Emulation.setDeviceMetricsOverride", ["width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": true])
        try await browser.open(URL(string: "about:blank")!)
        try await browser.open(album)
        let cells = try await browser.attributes(".grid.photos a", name: "href")
        _ = try await browser.executeAsync("window.scrollTo(0, document.documentElement.scrollHeight); setTimeout(arguments[0], 300)")
        let state = """
            const done = arguments[arguments.length - 1];
            setTimeout(() => done([!!document.querySelector('.viewer'), location.href, Math.round(scrollY),
              document.querySelectorAll('figure.photo').length,
              performance.getEntriesByType('resource').filter(e => e.startTime > (window.mark || 0) && e.name.endsWith('.html')).map(e => e.name.split('/').pop())]), 400);
            """
        let before = try #require(try await browser.executeAsync(state) as? [Any])
        #expect((before[2] as? Int ?? 0) > 844, "scrolled to the album page's end: \(before)")
        _ = try await browser.executeAsync("window.mark = performance.now(); const c = document.querySelectorAll('.grid.photos a'); c[c.length - 1].click(); arguments[0]()")
        _ = try await browser.executeAsync(PhotoToolsTests.waitFor, "document.querySelector('.viewer figure.photo img') && document.querySelector('.viewer figure.photo img').complete")
        let base = album.deletingLastPathComponent().absoluteString
        var shown = [try #require(cells.last)]
        let opened = try #require(try await browser.executeAsync(state) as? [Any])
        #expect(opened[0] as? Bool == true && opened[1] as? String == base + shown[0] && opened[3] as? Int == 1, "opened the last cell: \(opened)")
        for _ in 0..<3 {
            let previous = try #require(try await browser.executeAsync("arguments[0](location.href)") as? String)
            try await browser.press("ArrowRight", code: 39)
            _ = try await browser.executeAsync(PhotoToolsTests.waitFor, """
                location.href !== '\(previous)' && document.querySelector('.viewer figure.photo img') && document.querySelector('.viewer figure.photo img').complete
                """)
            let stepped = try #require(try await browser.executeAsync(state) as? [Any])
            let href = (stepped[1] as? String ?? "").replacingOccurrences(of: base, with: "")
            #expect(stepped[0] as? Bool == true && stepped[3] as? Int == 1 && !shown.contains(href) && !cells.contains(href),
                    "a step onto the next page's photo, alone in the document: \(stepped)")
            shown.append(href)
        }
        // Only the pages shown and their neighbours: the one before the first and the one after the last.
        let walked = try #require(try await browser.executeAsync(state) as? [Any])
        let pages = Set(walked[4] as? [String] ?? [])
        #expect(pages.isSuperset(of: shown) && pages.count <= shown.count + 2, "pages fetched: \(pages.sorted()) for \(shown)")
        try await browser.press("Escape", code: 27)
        let closed = try #require(try await browser.executeAsync(state) as? [Any])
        #expect(closed[0] as? Bool == false && closed[1] as? String == album.absoluteString && closed[2] as? Int == before[2] as? Int,
                "back on the album at its scroll: \(closed) against \(before)")
    }
}
