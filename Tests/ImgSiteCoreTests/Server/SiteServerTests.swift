import Foundation
import Testing

/// `imgsite serve`: over real HTTP on loopback.
@Suite struct SiteServerTests {
    /// A small built-looking site, with a symbolic link pointing out of it.
    static func site() throws -> URL {
        let root = try Corpus.scratch("served")
        let folder = root.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("a/_img"), withIntermediateDirectories: true)
        try "<!DOCTYPE html><html><body><h1>Home</h1></body></html>".write(to: folder.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        try "<html><body>album</body></html>".write(to: folder.appendingPathComponent("a/index.html"), atomically: true, encoding: .utf8)
        try Data(repeating: 7, count: 4_000).write(to: folder.appendingPathComponent("a/_img/storm-960.3fa9c2d1.webp"))
        try Data(repeating: 8, count: 100).write(to: folder.appendingPathComponent("a/_img/storm-1280-dense.0b1c2d3e.avif"))
        try Data(repeating: 9, count: 100).write(to: folder.appendingPathComponent("a/_img/blob-320-poster.0b1c2d3e.jpg"))
        for ext in ["avif", "jxl", "svg", "json", "xml"] { try Data("x".utf8).write(to: folder.appendingPathComponent("file.\(ext)")) }
        try "secret".write(to: root.appendingPathComponent("outside.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("a/link.txt"), withDestinationURL: root.appendingPathComponent("outside.txt"))
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("up"), withDestinationURL: root)
        return folder
    }

    /// Runs `body` against `imgsite serve` for `folder`, a process of its
    /// own as users run it. In this process the server would share the
    /// cooperative pool and NIO's shared threads with the suites running
    /// beside it (builds of thousands of photos, Chromium), and answered
    /// after the client's 60 s timeout when they held them (CI, twice).
    /// `body` makes blocking socket calls, so it runs on a thread of its own.
    static func serving(_ folder: URL, _ body: @escaping @Sendable (Int) throws -> Void) async throws {
        let server = try ServedSite(folder)
        defer { server.stop() }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread { continuation.resume(with: Result { try body(server.port) }) }.start()
        }
    }

    @Test("nothing outside the folder: .., encoded, double-encoded and symbolic-link escapes are refused")
    func noEscape() async throws {
        try await Self.serving(try Self.site()) { port in
            for path in ["/../outside.txt", "/%2e%2e/outside.txt", "/a/..%2f..%2foutside.txt", "/%2E%2E%2Foutside.txt"] {
                let response = try LoopbackHTTP.send(port: port, path: path)
                #expect(response.status == 400 || response.status == 404, "\(path): \(response.status)")
                #expect(!response.text.contains("secret"), "\(path)")
            }
            for path in ["/%252e%252e/outside.txt", "/a/link.txt", "/up/outside.txt"] {
                let response = try LoopbackHTTP.send(port: port, path: path)
                #expect(response.status == 404 && !response.text.contains("secret"), "\(path): \(response.status)")
            }
        }
    }

    @Test("content types, caching, ETag, ranges and the 404 page")
    func headers() async throws {
        try await Self.serving(try Self.site()) { port in
            let types = ["avif": "image/avif", "jxl": "image/jxl", "svg": "image/svg+xml", "json": "application/json", "xml": "application/xml"]
            for (ext, type) in types {
                #expect(try LoopbackHTTP.send(port: port, path: "/file.\(ext)").headers["content-type"] == type, "\(ext)")
            }
            let variant = try LoopbackHTTP.send(port: port, path: "/a/_img/storm-960.3fa9c2d1.webp")
            #expect(variant.status == 200 && variant.headers["content-type"] == "image/webp")
            #expect(variant.headers["cache-control"] == "public, max-age=31536000, immutable")
            let etag = try #require(variant.headers["etag"])
            #expect(variant.headers["last-modified"] != nil)
            let again = try LoopbackHTTP.send(port: port, path: "/a/_img/storm-960.3fa9c2d1.webp", headers: ["If-None-Match": etag])
            #expect(again.status == 304)
            let range = try LoopbackHTTP.send(port: port, path: "/a/_img/storm-960.3fa9c2d1.webp", headers: ["Range": "bytes=100-199"])
            #expect(range.status == 206 && range.body.count == 100 && range.headers["content-range"] == "bytes 100-199/4000")
            for path in ["/a/_img/storm-1280-dense.0b1c2d3e.avif", "/a/_img/blob-320-poster.0b1c2d3e.jpg"] {
                #expect(try LoopbackHTTP.send(port: port, path: path).headers["cache-control"] == "public, max-age=31536000, immutable", "\(path)")
            }
            let page = try LoopbackHTTP.send(port: port, path: "/a/")
            #expect(page.status == 200 && page.headers["cache-control"] == "no-cache" && page.text.contains("album"))
            #expect(page.headers["content-type"] == "text/html; charset=utf-8")
            #expect(!page.text.contains("EventSource"), "serve adds no script")
            let missing = try LoopbackHTTP.send(port: port, path: "/nope.html")
            #expect(missing.status == 404 && missing.text.contains("Not found") && missing.text.contains("href=\"./\""))
            let deep = try LoopbackHTTP.send(port: port, path: "/a/b/nope.html")
            #expect(deep.status == 404 && deep.text.contains("href=\"../../\""), "the way back holds under a sub-path")
        }
    }

    @Test("a folder without its slash is redirected relatively, so the site holds under a sub-path behind a proxy")
    func relativeRedirect() async throws {
        try await Self.serving(try Self.site()) { port in
            let folder = try LoopbackHTTP.send(port: port, path: "/a")
            #expect([301, 302, 307, 308].contains(folder.status), "\(folder.status)")
            #expect(folder.headers["location"] == "a/", "\(folder.headers)")
        }
    }

    @Test("SIGINT and SIGTERM stop serve at once, said, with the status a signal's stop has (130, 143)")
    func stops() throws {
        for (signal, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            let server = try RunningProcess.imgsite(["serve", try Self.site().path, "--port", "0"])
            #expect(server.port() != nil, "\(server.standardError)")
            let asked = Date()
            server.child.signal(signal)
            #expect(server.child.wait(timeout: 10))
            #expect(Date().timeIntervalSince(asked) < 0.5, "stopping took \(Date().timeIntervalSince(asked)) s")
            #expect(!server.child.killedBySignal && server.child.status == status, "\(server.child.status)")
            #expect(server.standardError.hasSuffix("stopped\n"), "\(server.standardError)")
        }
    }

    @Test("text is gzipped for clients that accept it; images, ranges, refusals and small files are sent as they are")
    func gzip() async throws {
        let folder = try Self.site()
        let page = "<!DOCTYPE html><ul>" + (1...200).map { "<li><img src=\"_img/p\($0)-640.webp\" alt=\"photo \($0)\"></li>" }.joined() + "</ul>"
        try page.write(to: folder.appendingPathComponent("big.html"), atomically: true, encoding: .utf8)
        try await Self.serving(folder) { port in
            let accepting = ["Accept-Encoding": "gzip, deflate, br"]
            let zipped = try LoopbackHTTP.send(port: port, path: "/big.html", headers: accepting)
            #expect(zipped.status == 200 && zipped.headers["content-encoding"] == "gzip" && zipped.headers["vary"] == "Accept-Encoding")
            #expect(try Self.gunzip(zipped.body) == Data(page.utf8))
            #expect(zipped.body.count * 10 < page.utf8.count, "\(zipped.body.count) bytes for \(page.utf8.count)")
            let plain = try LoopbackHTTP.send(port: port, path: "/big.html")
            #expect(plain.headers["content-encoding"] == nil && plain.body == Data(page.utf8) && plain.headers["vary"] == "Accept-Encoding")
            let refused = try LoopbackHTTP.send(port: port, path: "/big.html", headers: ["Accept-Encoding": "br, gzip;q=0"])
            #expect(refused.headers["content-encoding"] == nil && refused.body == Data(page.utf8))
            let range = try LoopbackHTTP.send(port: port, path: "/big.html", headers: accepting.merging(["Range": "bytes=0-99"]) { $1 })
            #expect(range.status == 206 && range.headers["content-encoding"] == nil && range.body.count == 100)
            let image = try LoopbackHTTP.send(port: port, path: "/a/_img/storm-960.3fa9c2d1.webp", headers: accepting)
            #expect(image.headers["content-encoding"] == nil && image.body.count == 4_000)
            let small = try LoopbackHTTP.send(port: port, path: "/a/index.html", headers: accepting)
            #expect(small.headers["content-encoding"] == nil && small.text.contains("album"))
        }
    }

    /// gzip -d, an independent decoder.
    static func gunzip(_ data: Data) throws -> Data {
        let run = try ChildProcess.run(URL(fileURLWithPath: "/bin/gzip"), ["-dc"], input: data)
        guard run.status == 0 else { throw LoopbackHTTP.Failure(description: "gzip -d failed") }
        return run.output
    }
}
