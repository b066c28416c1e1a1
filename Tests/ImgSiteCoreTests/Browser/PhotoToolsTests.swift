import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing

/// The photo page's tools in Chromium, by keyboard, mouse and touch: the
/// slideshow (page to page, paused by another key), full screen (the file
/// chosen follows the screen) and zoom (the widest file at 1:1, panned,
/// closed by Esc); the script stays small.
@Suite(.tags(.browser), .serialized) struct PhotoToolsTests {
    static func site(seconds: Double = 1) throws -> TestBuild {
        var config = SiteConfig()
        config.slideshowSeconds = seconds
        return try TestBuild.run(input: Corpus.repoRoot.appendingPathComponent("site-example/photos"), config: config)
    }

    /// The state of the page's tools: each button's aria-pressed, whether a
    /// zoom is open, its image's file and natural width, its scroll, the
    /// element in full screen, the picture's chosen file and its sizes.
    static let state = """
        const done = arguments[arguments.length - 1];
        setTimeout(() => {
          const pressed = n => { const b = document.querySelector('[data-tool="' + n + '"]'); return b ? b.getAttribute('aria-pressed') : null; };
          const zoom = document.querySelector('.zoom'), large = zoom && zoom.querySelector('img'), img = document.querySelector('figure.photo img');
          done([pressed('play'), pressed('fullscreen'), pressed('zoom'), !!zoom, large ? large.currentSrc : '', large ? large.naturalWidth : 0,
                zoom ? zoom.scrollLeft : 0, document.fullscreenElement ? document.fullscreenElement.tagName : '', img.currentSrc,
                img.getAttribute('sizes'), document.activeElement ? (document.activeElement.getAttribute('data-tool') || document.activeElement.className) : '']);
        }, arguments.length > 1 ? arguments[0] : 300);
        """

    /// Waits (20 s at most) until the expression given is true: a loaded
    /// machine takes its time to load a file.
    static let waitFor = """
        const done = arguments[arguments.length - 1], test = new Function('return (' + arguments[0] + ');');
        let tries = 0;
        const tick = () => { if (test() || tries++ > 200) { done(true); } else { setTimeout(tick, 100); } };
        tick();
        """

    /// An album of three photos, `a`, `b` and `c`.
    static func threePhotos(seconds: Double) throws -> TestBuild {
        let input = try Corpus.scratch("slideshow")
        let album = input.appending(path: "trip")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        for (name, photo) in [("a.jpg", "nature/Storm.jpg"), ("b.jpg", "nature/Aqua.jpg"), ("c.jpg", "nature/Dune.jpg")] {
            try FileManager.default.copyItem(at: Corpus.photo(photo), to: album.appending(path: name))
        }
        var config = SiteConfig()
        config.slideshowSeconds = seconds
        return try TestBuild.run(input: input, config: config)
    }

    @Test("Space starts a slideshow that goes from page to page and ends on the last photo; another key or a hidden tab pauses it; without the script the page is as before")
    func slideshow() async throws {
        // Judged by where it ends, not by when: a loaded machine's calls take seconds.
        let site = try Self.threePhotos(seconds: 1)
        // The album's order: the first page has no previous, the last no next.
        let pages = try ["a", "b", "c"].map { name in (name, try String(contentsOf: site.output.appending(path: "trip/\(name).html"), encoding: .utf8)) }
        let firstName = try #require(pages.first { !$0.1.contains("rel=\"prev\"") }?.0)
        let lastName = try #require(pages.first { !$0.1.contains("rel=\"next\"") }?.0)
        let first = site.output.appending(path: "trip/\(firstName).html")
        #expect(pages.allSatisfy { $0.1.contains("<div class=\"photo-tools\" hidden>") }, "hidden until the script shows it")
        try await WebDriver.session { browser in
            try await browser.open(first)
            try await browser.press(" ", code: 32)
            var url = ""
            for _ in 0..<300 where !url.hasSuffix("/trip/\(lastName).html") {
                try await Task.sleep(for: .milliseconds(100))
                url = try await browser.currentURL()
            }
            // From the first to the second, and from there (carried by #slideshow) to the last, where it ends (the hash gone, nothing pressed).
            #expect(url.hasSuffix("/trip/\(lastName).html"), "\(url)")
            let ended = try #require(try await browser.executeAsync(Self.state, 1500) as? [Any])
            let last = try await browser.currentURL()
            #expect(ended[0] as? String == "false" && last.hasSuffix("/trip/\(lastName).html"), "\(ended) \(last)")
            // Started and paused in one turn of the page (another key): still on the first, 2.5 intervals later.
            try await browser.open(first)
            let paused = try #require(try await browser.executeAsync("""
                const done = arguments[0];
                document.querySelector('[data-tool="play"]').click();
                const started = document.querySelector('[data-tool="play"]').getAttribute('aria-pressed');
                document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
                setTimeout(() => done([started, document.querySelector('[data-tool="play"]').getAttribute('aria-pressed'), location.href]), 2500);
                """) as? [Any])
            #expect(paused[0] as? String == "true" && paused[1] as? String == "false" && (paused[2] as? String ?? "").hasSuffix("/trip/\(firstName).html"),
                    "\(paused)")
            // A hidden tab (as when the reader switches away) pauses it too.
            let hidden = try #require(try await browser.executeAsync("""
                const done = arguments[0];
                const play = document.querySelector('[data-tool="play"]');
                play.click();
                const started = play.getAttribute('aria-pressed');
                Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
                document.dispatchEvent(new Event('visibilitychange'));
                setTimeout(() => done([started, play.getAttribute('aria-pressed'), location.href]), 2500);
                """) as? [Any])
            #expect(hidden[0] as? String == "true" && hidden[1] as? String == "false" && (hidden[2] as? String ?? "").hasSuffix("/trip/\(firstName).html"),
                    "\(hidden)")
            let problems = try await browser.consoleLog().filter { ($0["level"] as? String) == "SEVERE" }
            #expect(problems.isEmpty, "\(problems)")
        }
    }

    @Test("F puts the photo in full screen and its sizes follow the screen (a wider file); a click zooms to the widest file at 1:1, arrow keys and a drag pan, Esc closes")
    func fullScreenAndZoom() async throws {
        let site = try Self.site()
        let image = try site.image("nature/Storm.jpg")
        let widest = try #require(image.stills.filter { $0.format == .webp }.max { $0.width < $1.width })
        try await WebDriver.session { browser in
            try await browser.cdp("Emulation.setDeviceMetricsOverride", ["width": 1280, "height": 600, "deviceScaleFactor": 1, "mobile": false])
            try await browser.open(site.output.appending(path: "nature/storm.html"))
            let before = try #require(try await browser.executeAsync(Self.state) as? [Any])
            try await browser.press("f", code: 70)
            _ = try await browser.executeAsync(Self.waitFor, "document.querySelector('figure.photo img').currentSrc !== '\(before[8] as? String ?? "")'")
            let full = try #require(try await browser.executeAsync(Self.state, 100) as? [Any])
            #expect(full[1] as? String == "true" && full[7] as? String == "FIGURE", "\(full)")
            #expect((full[9] as? String ?? "").hasPrefix("min(100vw, calc(100vh * "), "\(full)")
            #expect(Self.width(full[8]) > Self.width(before[8]), "a wider file in full screen: \(before[8]) then \(full[8])")
            try await browser.press("f", code: 70)
            let back = try #require(try await browser.executeAsync(Self.state, 800) as? [Any])
            #expect(back[1] as? String == "false" && back[7] as? String == "" && back[9] as? String == before[9] as? String, "\(back)")
            // A click in the picture zooms.
            let box = try #require(try await browser.boxes("figure.photo img").first)
            for type in ["mousePressed", "mouseReleased"] {
                try await browser.cdp("Input.dispatchMouseEvent", ["type": type, "x": box.x + box.width / 2, "y": box.y + box.height / 2,
                                                                   "button": "left", "clickCount": 1])
            }
            _ = try await browser.executeAsync(Self.waitFor, "document.querySelector('.zoom img') && document.querySelector('.zoom img').complete && document.querySelector('.zoom').scrollLeft > 0")
            let zoomed = try #require(try await browser.executeAsync(Self.state, 100) as? [Any])
            #expect(zoomed[2] as? String == "true" && zoomed[3] as? Bool == true, "\(zoomed)")
            #expect((zoomed[4] as? String ?? "").hasSuffix(widest.path.split(separator: "/").last.map(String.init) ?? "-"), "the widest WebP: \(zoomed)")
            #expect(zoomed[5] as? Int == widest.width, "\(zoomed)")
            let left = zoomed[6] as? Double ?? Double(zoomed[6] as? Int ?? 0)
            try await browser.press("ArrowRight", code: 39)
            let panned = try #require(try await browser.executeAsync(Self.state) as? [Any])
            let right = panned[6] as? Double ?? Double(panned[6] as? Int ?? 0)
            #expect(right > left, "→ pans, not the next photo: \(panned)")
            // A drag to the left pans right, and does not close the zoom.
            let (x, y) = (box.x + box.width / 2, box.y + box.height / 2)
            for (type, dx) in [("mousePressed", 0.0), ("mouseMoved", -60.0), ("mouseMoved", -120.0), ("mouseReleased", -120.0)] {
                try await browser.cdp("Input.dispatchMouseEvent", ["type": type, "x": x + dx, "y": y, "button": "left", "buttons": type == "mouseReleased" ? 0 : 1,
                                                                   "clickCount": 1])
            }
            let dragged = try #require(try await browser.executeAsync(Self.state, 200) as? [Any])
            #expect((dragged[6] as? Double ?? Double(dragged[6] as? Int ?? 0)) >= right + 50 && dragged[3] as? Bool == true,
                    "dragged 120 px left: \(right) then \(dragged)")
            let here = try await browser.currentURL()
            #expect(here.hasSuffix("/nature/storm.html"))
            try await browser.press("Escape", code: 27)
            let closed = try #require(try await browser.executeAsync(Self.state) as? [Any])
            #expect(closed[3] as? Bool == false && closed[10] as? String == "zoom", "closed, focus back on Zoom: \(closed)")
            let after = try await browser.currentURL()
            #expect(after.hasSuffix("/nature/storm.html"), "Esc closed the zoom, not the page")
        }
    }

    @Test("on a touch screen a double tap or a pinch zooms (one tap does not)")
    func touch() async throws {
        let site = try Self.site()
        try await WebDriver.session { browser in
            try await browser.cdp("Emulation.setDeviceMetricsOverride", ["width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": true])
            try await browser.cdp("Emulation.setTouchEmulationEnabled", ["enabled": true, "maxTouchPoints": 2])
            try await browser.open(site.output.appending(path: "nature/storm.html"))
            let box = try #require(try await browser.boxes("figure.photo img").first)
            let (x, y) = (box.x + box.width / 2, box.y + box.height / 2)
            // Taps as the browser times them (one call each, whatever the machine's load).
            func tap(_ count: Int) async throws {
                try await browser.cdp("Input.synthesizeTapGesture", ["x": x, "y": y, "tapCount": count, "gestureSourceType": "touch"])
            }
            try await tap(1)
            let once = try #require(try await browser.executeAsync(Self.state, 700) as? [Any])
            #expect(once[3] as? Bool == false, "one tap does not zoom: \(once)")
            try await tap(2)
            _ = try await browser.executeAsync(Self.waitFor, "document.querySelector('.zoom')")
            let double = try #require(try await browser.executeAsync(Self.state, 100) as? [Any])
            #expect(double[3] as? Bool == true, "a double tap zooms: \(double)")
            try await browser.press("Escape", code: 27)
            try await browser.cdp("Input.dispatchTouchEvent", ["type": "touchStart", "touchPoints": [["x": x - 40, "y": y, "id": 1], ["x": x + 40, "y": y, "id": 2]]])
            try await browser.cdp("Input.dispatchTouchEvent", ["type": "touchEnd", "touchPoints": [[String: Any]]()])
            _ = try await browser.executeAsync(Self.waitFor, "document.querySelector('.zoom')")
            let pinched = try #require(try await browser.executeAsync(Self.state, 100) as? [Any])
            #expect(pinched[3] as? Bool == true, "two fingers zoom: \(pinched)")
        }
    }

    @Test("the script of the viewer and the photo page, their tools included, is at most 8 KB compressed")
    func scriptSize() throws {
        let site = try Self.site()
        let script = try Data(contentsOf: site.output.appending(path: "_assets/photo.js"))
        let compressed = try GzipStream(level: 9).compress(Array(script), finish: true)
        #expect(compressed.count <= 8 * 1024, "photo.js: \(script.count) bytes, \(compressed.count) compressed")
    }

    /// A file name's width (`storm-1280.….webp` → 1280).
    static func width(_ value: Any) -> Int {
        let name = (value as? String ?? "").split(separator: "/").last.map(String.init) ?? ""
        return name.firstMatch(of: /-(\d+)\./).flatMap { Int($0.1) } ?? 0
    }
}
