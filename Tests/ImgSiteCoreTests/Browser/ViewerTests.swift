import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// The viewer over an album's photos in Chromium, served over HTTP as a
/// host would: a click shows the photo page's figure without loading a
/// page, at the page's address and with the file the page itself takes;
/// the neighbours are fetched before they are shown; keys, swipes, Back
/// and Forward; Live Photos in it; from disk, plain links.
@Suite(.tags(.browser), .serialized) struct ViewerTests {
    /// An album, `trip`, of ten photos: taller than a short phone screen; a slideshow's photo a second.
    static func album() throws -> TestBuild {
        let input = try Corpus.scratch("viewer")
        let names = ["nature/Storm.jpg", "nature/Aqua.jpg", "nature/Dune.jpg", "nature/Garden.jpg", "nature/Wood.jpg",
                     "nature/LadyBird.jpg", "cameras/canon-ixus.jpg", "cameras/DSCN0010.jpg", "cameras/nikon-e950.jpg", "cameras/kodak-dc240.jpg"]
        try Corpus.copy(names.map(Corpus.photo), into: input, album: "trip")
        var config = SiteConfig()
        config.slideshowSeconds = 1
        return try TestBuild.run(input: input, config: config)
    }

    /// `album()` served as a host would, and its page's address.
    static func servedAlbum() throws -> (server: ServedSite, base: String) {
        let server = try ServedSite(try album().output)
        return (server, "http://127.0.0.1:\(server.port)/trip/")
    }

    /// The page's state: the viewer's presence, the address, the title,
    /// the scroll, the shown photo's file and heading, the focused link's
    /// href, whether the album's content is inert.
    static let state = """
        const done = arguments[arguments.length - 1];
        setTimeout(() => {
          const viewer = document.querySelector('.viewer'), img = viewer && viewer.querySelector('figure.photo img');
          const heading = viewer && viewer.querySelector('figure.photo h1');
          done([!!viewer, location.href, document.title, Math.round(scrollY), img ? img.currentSrc : '', heading ? heading.textContent : '',
                document.activeElement ? (document.activeElement.getAttribute('href') || document.activeElement.className) : '',
                document.querySelector('main').inert]);
        }, arguments.length > 1 ? arguments[0] : 400);
        """

    /// Every file this page has fetched so far (their names).
    static let fetched = """
        arguments[0](performance.getEntriesByType('resource').map(entry => entry.name.split('/').pop()));
        """

    static func name(_ url: Any) -> String { (url as? String ?? "").split(separator: "/").last.map(String.init) ?? "" }

    static func errors(_ browser: WebDriver) async throws -> [[String: Any]] {
        try await browser.consoleLog().filter { ($0["level"] as? String) == "SEVERE" && !(($0["message"] as? String ?? "").contains("favicon.ico")) }
    }

    @Test("a click opens the photo over the album at its page's address and with the file its page takes; → steps to a neighbour fetched before; Esc and Back return to the album at its scroll, the photo focused; Forward reopens")
    func opensStepsAndCloses() async throws {
        let (server, base) = try Self.servedAlbum()
        defer { server.stop() }
        try await WebDriver.session { browser in
            try await browser.cdp("Emulation.setDeviceMetricsOverride", ["width": 390, "height": 560, "deviceScaleFactor": 2, "mobile": true])
            try await browser.open(URL(string: base)!)
            let cells = try await browser.attributes(".grid.photos a", name: "href")
            #expect(cells.count == 10, "\(cells)")
            // What each photo's own page takes on this screen, and its heading.
            var own: [String: (file: String, title: String)] = [:]
            for href in cells.prefix(3) {
                try await browser.open(URL(string: base + href)!)
                let answer = try #require(try await browser.executeAsync("""
                    const done = arguments[0], img = document.querySelector('figure.photo img');
                    const ready = () => img.complete ? done([img.currentSrc, document.querySelector('figure.photo h1').textContent]) : setTimeout(ready, 50);
                    ready();
                    """) as? [Any])
                own[href] = (Self.name(answer[0]), answer[1] as? String ?? "")
            }
            try await browser.open(URL(string: base)!)
            // Scrolled a little, so the album's place is something to keep.
            _ = try await browser.executeAsync("window.scrollTo(0, 120); arguments[0]()")
            let album = try #require(try await browser.executeAsync(Self.state, 100) as? [Any])
            #expect(album[0] as? Bool == false && (album[3] as? Int ?? 0) > 0, "\(album)")
            let second = cells[1]
            _ = try await browser.executeAsync("document.querySelectorAll('.grid.photos a')[1].click(); arguments[0]()")
            _ = try await browser.executeAsync(PhotoToolsTests.waitFor, "document.querySelector('.viewer figure.photo img') && document.querySelector('.viewer figure.photo img').complete")
            let opened = try #require(try await browser.executeAsync(Self.state) as? [Any])
            #expect(opened[0] as? Bool == true && opened[1] as? String == base + second && opened[7] as? Bool == true, "\(opened)")
            #expect(Self.name(opened[4]) == own[second]?.file && opened[5] as? String == own[second]?.title,
                    "the file and heading its page shows: \(opened) against \(String(describing: own[second]))")
            #expect((opened[2] as? String ?? "").hasPrefix(own[second]?.title ?? "-"), "its page's title: \(opened)")
            // Both neighbours' pages and files, fetched before either is shown.
            _ = try await browser.executeAsync(PhotoToolsTests.waitFor, """
                ['\(own[cells[0]]?.file ?? "")', '\(own[cells[2]]?.file ?? "")'].every(name => performance.getEntriesByType('resource').some(entry => entry.name.endsWith('/' + name)))
                """)
            let before = try #require(try await browser.executeAsync(Self.fetched) as? [String])
            for href in [cells[0], cells[2]] {
                #expect(before.contains(href) && before.contains(own[href]?.file ?? "-"), "\(href) fetched ahead: \(before)")
            }
            try await browser.press("ArrowRight", code: 39)
            let stepped = try #require(try await browser.executeAsync(Self.state) as? [Any])
            #expect(stepped[0] as? Bool == true && stepped[1] as? String == base + cells[2] && Self.name(stepped[4]) == own[cells[2]]?.file, "\(stepped)")
            try await browser.press("ArrowLeft", code: 37)
            try await browser.press("ArrowLeft", code: 37)
            let first = try #require(try await browser.executeAsync(Self.state) as? [Any])
            #expect(first[1] as? String == base + cells[0] && Self.name(first[4]) == own[cells[0]]?.file, "\(first)")
            // Esc: the album as it was, its page's address, the photo last shown focused.
            try await browser.press("Escape", code: 27)
            let closed = try #require(try await browser.executeAsync(Self.state, 700) as? [Any])
            #expect(closed[0] as? Bool == false && closed[1] as? String == base && closed[2] as? String == album[2] as? String, "\(closed)")
            #expect(closed[3] as? Int == album[3] as? Int && closed[6] as? String == cells[0] && closed[7] as? Bool == false, "\(closed)")
            // Back closes it too; Forward shows it again.
            _ = try await browser.executeAsync("document.querySelectorAll('.grid.photos a')[1].click(); arguments[0]()")
            _ = try await browser.executeAsync(PhotoToolsTests.waitFor, "document.querySelector('.viewer figure.photo')")
            _ = try await browser.executeAsync("history.back(); arguments[0]()")
            let back = try #require(try await browser.executeAsync(Self.state, 700) as? [Any])
            #expect(back[0] as? Bool == false && back[1] as? String == base && back[3] as? Int == album[3] as? Int, "\(back)")
            _ = try await browser.executeAsync("history.forward(); arguments[0]()")
            _ = try await browser.executeAsync(PhotoToolsTests.waitFor, "document.querySelector('.viewer figure.photo')")
            let forward = try #require(try await browser.executeAsync(Self.state) as? [Any])
            #expect(forward[0] as? Bool == true && forward[1] as? String == base + second, "\(forward)")
            // A shared link is the photo page itself.
            try await browser.open(URL(string: base + second)!)
            let page = try #require(try await browser.executeAsync(Self.state) as? [Any])
            #expect(page[0] as? Bool == false && page[1] as? String == base + second, "\(page)")
            let problems = try await Self.errors(browser)
            #expect(problems.isEmpty, "\(problems)")
        }
    }

    @Test("in the viewer a swipe steps, the arrows' links step, the close button closes, the slideshow moves within it and full screen holds it")
    func touchToolsAndButtons() async throws {
        let (server, base) = try Self.servedAlbum()
        defer { server.stop() }
        try await WebDriver.session { browser in
            try await browser.cdp("Emulation.setDeviceMetricsOverride", ["width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": true])
            try await browser.cdp("Emulation.setTouchEmulationEnabled", ["enabled": true, "maxTouchPoints": 2])
            try await browser.open(URL(string: base)!)
            let cells = try await browser.attributes(".grid.photos a", name: "href")
            _ = try await browser.executeAsync("document.querySelectorAll('.grid.photos a')[0].click(); arguments[0]()")
            _ = try await browser.executeAsync(PhotoToolsTests.waitFor, "document.querySelector('.viewer figure.photo img')")
            let box = try #require(try await browser.boxes(".viewer figure.photo img").first)
            let (x, y) = (box.x + box.width * 0.8, box.y + box.height / 2)
            try await browser.cdp("Input.dispatchTouchEvent", ["type": "touchStart", "touchPoints": [["x": x, "y": y, "id": 1]]])
            try await browser.cdp("Input.dispatchTouchEvent", ["type": "touchMove", "touchPoints": [["x": x - 160, "y": y + 5, "id": 1]]])
            try await browser.cdp("Input.dispatchTouchEvent", ["type": "touchEnd", "touchPoints": [[String: Any]]()])
            _ = try await browser.executeAsync(PhotoToolsTests.waitFor, "location.href.endsWith('/\(cells[1])')")
            let swiped = try #require(try await browser.executeAsync(Self.state) as? [Any])
            #expect(swiped[0] as? Bool == true && swiped[1] as? String == base + cells[1], "a swipe to the left: the next photo \(swiped)")
            _ = try await browser.executeAsync("document.querySelector('.viewer a[rel=next]').click(); arguments[0]()")
            let arrow = try #require(try await browser.executeAsync(Self.state) as? [Any])
            #expect(arrow[0] as? Bool == true && arrow[1] as? String == base + cells[2], "\(arrow)")
            _ = try await browser.executeAsync("document.querySelector('.viewer [data-close]').click(); arguments[0]()")
            let closed = try #require(try await browser.executeAsync(Self.state, 700) as? [Any])
            #expect(closed[0] as? Bool == false && closed[1] as? String == base && closed[6] as? String == cells[2], "\(closed)")
        }
        // The slideshow (a second a photo) moves within the viewer; full screen is the viewer's, and outlives a step.
        try await WebDriver.session { browser in
            try await browser.cdp("Emulation.setDeviceMetricsOverride", ["width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": false])
            try await browser.open(URL(string: base)!)
            let cells = try await browser.attributes(".grid.photos a", name: "href")
            _ = try await browser.executeAsync("document.querySelectorAll('.grid.photos a')[7].click(); arguments[0]()")
            _ = try await browser.executeAsync(PhotoToolsTests.waitFor, "document.querySelector('.viewer [data-tool=play]')")
            try await browser.press(" ", code: 32)
            _ = try await browser.executeAsync(PhotoToolsTests.waitFor, "location.href.endsWith('/\(cells[9])') && document.querySelector('[data-tool=play]').getAttribute('aria-pressed') === 'false'")
            let ended = try #require(try await browser.executeAsync(Self.state, 1500) as? [Any])
            #expect(ended[0] as? Bool == true && ended[1] as? String == base + cells[9], "the show ends in the viewer on the last photo: \(ended)")
            try await browser.press("f", code: 70)
            _ = try await browser.executeAsync(PhotoToolsTests.waitFor, "document.fullscreenElement")
            try await browser.press("ArrowLeft", code: 37)
            let full = try #require(try await browser.executeAsync("""
                const done = arguments[0];
                setTimeout(() => done([document.fullscreenElement ? document.fullscreenElement.className : '', location.href,
                                       document.querySelector('.viewer figure.photo img').getAttribute('sizes')]), 600);
                """) as? [Any])
            #expect(full[0] as? String == "viewer" && full[1] as? String == base + cells[8], "\(full)")
            #expect((full[2] as? String ?? "").hasPrefix("min(100vw, calc(100vh * "), "the shown photo's sizes follow the screen: \(full)")
        }
    }

    @Test("the opened viewer: no serious or critical axe-core violation, phone and desktop, light and dark; its page as the browser holds it passes the HTML checker")
    func accessibleAndValid() async throws {
        let source = try #require(AccessibilityTests.axeSource, "axe-core is missing: `make test-deps` installs axe-selenium-python into .build/test-venv")
        let axe = try String(contentsOf: source, encoding: .utf8)
        let (server, base) = try Self.servedAlbum()
        defer { server.stop() }
        var held = ""
        try await WebDriver.session { browser in
            for scheme in ["light", "dark"] {
                try await browser.cdp("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": scheme]]])
                for (width, height) in [(390, 844), (1440, 900)] {
                    try await browser.cdp("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500])
                    try await browser.open(URL(string: base)!)
                    _ = try await browser.executeAsync("document.querySelectorAll('.grid.photos a')[2].click(); arguments[0]()")
                    _ = try await browser.executeAsync(PhotoToolsTests.waitFor, "document.querySelector('.viewer figure.photo img') && document.querySelector('.viewer figure.photo img').complete")
                    _ = try await browser.executeAsync(axe + "\n;arguments[0](typeof axe);")
                    let violations = try #require(try await browser.executeAsync(AccessibilityTests.audit) as? [String])
                    #expect(violations.isEmpty, "the viewer at \(width) px, \(scheme): \(violations)")
                }
            }
            held = try await browser.executeAsync("arguments[0]('<!DOCTYPE html>\\n' + document.documentElement.outerHTML)") as? String ?? ""
        }
        #expect(held.contains("class=\"viewer\""), "the viewer is open in what is checked")
        let file = try Corpus.scratch("viewer-dom").appending(path: "viewer.html")
        try Data(held.utf8).write(to: file)
        let problems = try HTMLCheckerTests.check([file])
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test("a Live Photo's motion plays in the viewer; from disk (no fetch) a click loads the photo page")
    func livePhotoAndDisk() async throws {
        let site = try TestBuild.run(input: try LivePhotoMotionTests.library(), config: LivePhotoMotionTests.motion)
        let server = try ServedSite(site.output)
        defer { server.stop() }
        try await WebDriver.session { browser in
            try await browser.open(URL(string: "http://127.0.0.1:\(server.port)/a/")!)
            _ = try await browser.executeAsync("document.querySelector('.grid.photos a[href=\"img-0001.html\"]').click(); arguments[0]()")
            _ = try await browser.executeAsync(PhotoToolsTests.waitFor, "document.querySelector('.viewer video.motion')")
            let playing = try #require(try await browser.executeAsync(VideoPlaybackTests.motion) as? [Any])
            #expect(playing[0] as? Bool == true && playing[1] as? Bool == true && playing[5] as? Bool == true, "playing in the photo's place: \(playing)")
            #expect((playing[8] as? String ?? "").contains("-live-"), "\(playing)")
            try await browser.open(site.output.appending(path: "a/index.html"))
            _ = try await browser.executeAsync("document.querySelector('.grid.photos a[href=\"img-0001.html\"]').click(); arguments[0]()")
            _ = try await browser.executeAsync(PhotoToolsTests.waitFor, "location.href.endsWith('/img-0001.html')")
            let disk = try #require(try await browser.executeAsync(Self.state) as? [Any])
            #expect(disk[0] as? Bool == false && (disk[1] as? String ?? "").hasSuffix("/a/img-0001.html"), "\(disk)")
        }
    }
}
