import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// A private album in headless Chromium, served over HTTP as a host would:
/// the unlock page, its service worker and Web Crypto against what the
/// build sealed.
@Suite(.tags(.browser), .serialized) struct PrivateAlbumBrowserTests {
    /// Each image of the page once every one has finished: its file's name,
    /// natural width and inline style (the placeholder).
    static let images = """
        const done = arguments[0];
        const deadline = Date.now() + 20000;
        (function check() {
          const images = Array.from(document.images);
          if ((images.length && images.every(i => i.complete)) || Date.now() > deadline) {
            done(images.map(i => ({file: (i.currentSrc || i.src).split('/').pop(), width: i.naturalWidth, style: i.getAttribute('style') || ''})));
          } else { setTimeout(check, 100); }
        })();
        """

    /// Types `password` into the unlock form once it shows, ticks "Keep it
    /// open on this device" or not, and submits it.
    static let submit = """
        const [password, keep, done] = arguments;
        const deadline = Date.now() + 20000;
        (function ready() {
          const form = document.querySelector('[data-unlock]');
          if (!form || form.hidden) { if (Date.now() < deadline) return setTimeout(ready, 50); return done(false); }
          form.password.value = password;
          form.keep.checked = keep;
          form.requestSubmit();
          done(true);
        })();
        """

    /// What unlocking with `password` came to: the status the form settled
    /// on, or the address the page left for.
    static func unlock(_ browser: WebDriver, _ password: String, keep: Bool = false) async throws -> String {
        // The address before submitting: a quick unlock may have left the page by the time the next command runs.
        let start = try await browser.currentURL()
        #expect(try await browser.executeAsync(Self.submit, password, keep) as? Bool == true, "the form shows")
        let deadline = ContinuousClock.now + .seconds(90)
        while ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            let url = try await browser.currentURL()
            if url != start { return url }
            let status = try? await browser.executeAsync("const s = document.querySelector('.unlock-status'); arguments[0](s ? s.textContent : '')") as? String
            if let status, !status.isEmpty, status != "Unlocking…", status != "Unlocked." { return status }
        }
        return "still unlocking"
    }

    /// `site` served by `imgsite serve`: its private album's address and the URL of its unlock page.
    static func serve(_ site: URL) throws -> (server: ServedSite, address: String, home: String) {
        let address = try PrivateAlbumTests.address(site)
        let server = try ServedSite(site)
        return (server, address, "http://127.0.0.1:\(server.port)/\(address)/")
    }

    /// Waits until the page is at an address ending with `suffix`.
    static func arrive(_ browser: WebDriver, at suffix: String) async throws -> String {
        var url = ""
        for _ in 0..<200 {
            url = try await browser.currentURL()
            if url.hasSuffix(suffix) { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        return url
    }

    @Test("opened from another machine over plain HTTP (a phone on the network): the unlock page says it opens only over HTTPS")
    func plainHTTPElsewhere() async throws {
        let build = try TestBuild.run(input: PrivateAlbumTests.library(), config: PrivateAlbumTests.config(), environment: PrivateAlbumTests.environment)
        let (server, address, _) = try Self.serve(build.output)
        defer { server.stop() }
        // A name that is not this machine's to the browser, mapped to loopback: no secure context, as http://192.168.… on a phone.
        try await WebDriver.session(arguments: ["--host-resolver-rules=MAP phone.test 127.0.0.1"]) { browser in
            try await browser.open(URL(string: "http://phone.test:\(server.port)/\(address)/")!)
            var status = ""
            for _ in 0..<100 where !status.contains("HTTPS") {
                try await Task.sleep(for: .milliseconds(100))
                status = try await browser.executeAsync("const s = document.querySelector('.unlock-status'); arguments[0](s ? s.textContent : '')") as? String ?? ""
            }
            #expect(status == "This album opens only over HTTPS (or on the computer serving it, at localhost): ask for its https:// link.")
            #expect(try await browser.executeAsync("arguments[0](document.querySelector('[data-unlock]').password.disabled)") as? Bool == true)
        }
    }

    /// The viewer over the unlocked album at `album`: the photo's page and
    /// file come through the service worker, decrypted; a step and Esc work.
    static func viewer(_ browser: WebDriver, album: String) async throws {
        let cells = try await browser.attributes(".grid.photos a", name: "href")
        let index = try #require(cells.firstIndex(of: "dscn0010.html"), "\(cells)")
        let shown = "document.querySelector('.viewer figure.photo img') && document.querySelector('.viewer figure.photo img').complete"
        let state = """
            const figure = document.querySelector('.viewer figure.photo'), img = figure && figure.querySelector('img');
            arguments[0]([location.href, img ? img.naturalWidth : 0, figure ? figure.textContent : '']);
            """
        _ = try await browser.executeAsync("document.querySelector('.grid.photos a[href=\"dscn0010.html\"]').click(); arguments[0]()")
        _ = try await browser.executeAsync(PhotoToolsTests.waitFor, shown)
        let opened = try #require(try await browser.executeAsync(state) as? [Any])
        #expect(opened[0] as? String == album + "dscn0010.html" && (opened[1] as? Int ?? 0) > 0, "\(opened)")
        #expect((opened[2] as? String ?? "").contains("Our secret picnic spot"), "its page's caption: \(opened)")
        let next = index + 1 < cells.count ? index + 1 : index - 1
        try await browser.press(next > index ? "ArrowRight" : "ArrowLeft", code: next > index ? 39 : 37)
        _ = try await browser.executeAsync(PhotoToolsTests.waitFor, "location.href.endsWith('/\(cells[next])') && \(shown)")
        let stepped = try #require(try await browser.executeAsync(state) as? [Any])
        #expect(stepped[0] as? String == album + cells[next] && (stepped[1] as? Int ?? 0) > 0, "\(stepped)")
        try await browser.press("Escape", code: 27)
        _ = try await browser.executeAsync(PhotoToolsTests.waitFor, "!document.querySelector('.viewer')")
        #expect(try await browser.currentURL() == album)
    }

    @Test("wrong password: said, nothing shown; right one: the album as its public build renders it, its viewer too; forget: nothing decrypts")
    func unlockAndForget() async throws {
        let input = try PrivateAlbumTests.library()
        var publicConfig = PrivateAlbumTests.config()
        publicConfig.albums["family"] = nil
        let open = try TestBuild.run(input: input, config: publicConfig)
        let build = try TestBuild.run(input: input, config: PrivateAlbumTests.config(), environment: PrivateAlbumTests.environment)
        let (server, address, home) = try Self.serve(build.output)
        defer { server.stop() }
        try await WebDriver.session { browser in
            try await browser.open(URL(string: home)!)
            let refused = try await Self.unlock(browser, "not the password")
            #expect(refused == "Wrong password.")
            #expect(try await browser.currentURL() == home)
            #expect(try await browser.executeAsync("arguments[0](document.images.length)") as? Int == 0)

            let opened = try await Self.unlock(browser, PrivateAlbumTests.password)
            #expect(opened == home + "album/")
            let shown = try #require(try await browser.executeAsync(Self.images) as? [[String: Any]])
            try await Self.viewer(browser, album: home + "album/")
            try await browser.open(open.output.appending(path: "family/index.html"))
            let expected = try #require(try await browser.executeAsync(Self.images) as? [[String: Any]])
            #expect(!shown.isEmpty && shown.allSatisfy { ($0["width"] as? Int ?? 0) > 0 }, "\(shown)")
            #expect(shown.map { $0["file"] as? String } == expected.map { $0["file"] as? String }, "the same files chosen")
            #expect(shown.map { $0["style"] as? String } == expected.map { $0["style"] as? String }, "the same placeholders")

            // A photo page, its download, and the zip decrypt too; the address leads straight in.
            try await browser.open(URL(string: home + "album/dscn0010.html")!)
            let photo = try #require(try await browser.executeAsync(Self.images) as? [[String: Any]])
            #expect(photo.first.map { ($0["width"] as? Int ?? 0) > 0 } == true)
            let page = try await browser.executeAsync("arguments[0](document.body.textContent)") as? String ?? ""
            #expect(page.contains("Our secret picnic spot"))
            let zip = try await browser.executeAsync("""
                fetch('index.html').then(r => r.text()).then(t => fetch(new DOMParser().parseFromString(t, 'text/html').querySelector('a[download]').getAttribute('href')))
                  .then(r => r.arrayBuffer()).then(b => arguments[0]([...new Uint8Array(b.slice(0, 4))]), e => arguments[0](String(e)));
                """) as? [Int]
            #expect(zip == [0x50, 0x4B, 0x03, 0x04], "the album's zip arrives decrypted")
            try await browser.open(URL(string: home)!)
            #expect(try await Self.arrive(browser, at: "/album/") == home + "album/")

            // Forget: back to the unlock page, and the album's pages no longer open.
            _ = try await browser.executeAsync("document.querySelector('[data-forget]').click(); arguments[0]()")
            #expect(try await Self.arrive(browser, at: "/\(address)/") == home)
            try await browser.open(URL(string: home + "album/dscn0010.html")!)
            #expect(try await Self.arrive(browser, at: "/\(address)/") == home)
            #expect(try await browser.executeAsync("arguments[0](document.images.length + ' ' + !!document.querySelector('[data-unlock]'))") as? String == "0 true")
        }
    }

    @Test("unlocked for the browser session: after it (its cookie gone) the album's pages show nothing and the keys are forgotten; kept on the device: the album still opens")
    func sessionOrKept() async throws {
        let input = try PrivateAlbumTests.library()
        let build = try TestBuild.run(input: input, config: PrivateAlbumTests.config(), environment: PrivateAlbumTests.environment)
        let (server, address, home) = try Self.serve(build.output)
        defer { server.stop() }
        // What closing the browser does to the session's cookie.
        let closeSession = "document.cookie = 'imgsite-open=; max-age=0; path=/\(address)/'; arguments[0]()"
        try await WebDriver.session { browser in
            try await browser.open(URL(string: home)!)
            let opened = try await Self.unlock(browser, PrivateAlbumTests.password)
            #expect(opened == home + "album/")
            #expect(try await browser.executeAsync("arguments[0](document.cookie)") as? String == "imgsite-open=1")
            _ = try await browser.executeAsync(closeSession)
            try await browser.open(URL(string: home + "album/dscn0010.html")!)
            #expect(try await Self.arrive(browser, at: "/\(address)/") == home, "a new session goes back to the unlock page")
            // The keys went with the session: the album's pages redirect, cookie or not.
            _ = try await browser.executeAsync("document.cookie = 'imgsite-open=1; path=/\(address)/'; arguments[0]()")
            try await browser.open(URL(string: home + "album/dscn0010.html")!)
            #expect(try await Self.arrive(browser, at: "/\(address)/") == home)
            #expect(try await browser.executeAsync("arguments[0](document.images.length + ' ' + !!document.querySelector('[data-unlock]'))") as? String == "0 true")

            let kept = try await Self.unlock(browser, PrivateAlbumTests.password, keep: true)
            #expect(kept == home + "album/")
            _ = try await browser.executeAsync(closeSession)
            try await browser.open(URL(string: home + "album/dscn0010.html")!)
            let photo = try #require(try await browser.executeAsync(Self.images) as? [[String: Any]])
            #expect(try await browser.currentURL() == home + "album/dscn0010.html")
            #expect(photo.first.map { ($0["width"] as? Int ?? 0) > 0 } == true, "kept on the device: still opens")
            #expect(try await browser.executeAsync("arguments[0](document.documentElement.hidden)") as? Bool == false)
        }
    }

    /// On a clip's page: each byte range (at the start, across a 64 KiB
    /// chunk's end, the last bytes) against the same bytes of the whole
    /// file, each answer's status and Content-Range; then a seek to the end.
    static let ranges = """
        const done = arguments[0];
        (async () => {
          const video = document.querySelector('video');
          const source = video.currentSrc || video.querySelector('source').src;
          const whole = new Uint8Array(await (await fetch(source)).arrayBuffer());
          const said = ['size ' + whole.length];
          for (const [start, end] of [[0, 99], [65500, 65600], [whole.length - 10, whole.length - 1]]) {
            const response = await fetch(source, {headers: {Range: 'bytes=' + start + '-' + (end === whole.length - 1 ? '' : end)}});
            const part = new Uint8Array(await response.arrayBuffer());
            const same = part.length === end - start + 1 && part.every((byte, i) => byte === whole[start + i]);
            said.push(response.status + ' ' + same + ' ' + response.headers.get('Content-Range'));
          }
          video.muted = true;
          if (video.readyState < 1) { video.preload = 'auto'; video.load(); await new Promise(r => video.addEventListener('loadedmetadata', r, {once: true})); }
          const seeked = new Promise(r => video.addEventListener('seeked', r, {once: true}));
          video.currentTime = video.duration - 0.2;
          await Promise.race([seeked, new Promise(r => setTimeout(r, 10000))]);
          said.push('seeked ' + (video.currentTime > video.duration - 1) + ' ' + (video.readyState >= 2));
          done(said);
        })().catch(error => done([String(error)]));
        """

    @Test("a private clip answers byte ranges from the chunks that hold them, equal to the whole file's bytes, and seeks to its end")
    func clipRanges() async throws {
        let input = try PrivateAlbumTests.library()
        try Corpus.copy([Corpus.photo("../video/hd-pan.mp4")], into: input, album: "family")
        let build = try TestBuild.run(input: input, config: PrivateAlbumTests.config(), environment: PrivateAlbumTests.environment)
        let (server, _, home) = try Self.serve(build.output)
        defer { server.stop() }
        try await WebDriver.session { browser in
            try await browser.open(URL(string: home)!)
            let opened = try await Self.unlock(browser, PrivateAlbumTests.password)
            #expect(opened == home + "album/")
            try await browser.open(URL(string: home + "album/hd-pan.html")!)
            let said = try #require(try await browser.executeAsync(Self.ranges) as? [String])
            let size = Int(said.first?.dropFirst(5) ?? "") ?? 0
            #expect(size > 2 * 65536, "a clip of several chunks: \(said)")
            #expect(Array(said.dropFirst()) == [
                "206 true bytes 0-99/\(size)", "206 true bytes 65500-65600/\(size)", "206 true bytes \(size - 10)-\(size - 1)/\(size)", "seeked true true",
            ], "\(said)")
        }
    }
}
