import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing

/// `imgsite watch` meeting a video clip saved into an album.
@Suite(.tags(.watch), .enabled(if: ClipProbe.unavailable == nil, "FFmpeg's libraries are missing: make deps installs them"))
struct WatchClipTests {
    @Test("a clip saved into a watched album: the page reloads, and the clip's page and its video files are served")
    func savedClip() throws {
        let input = try Corpus.scratch("watched-clips")
        try Corpus.copy([Corpus.photo("nature/Storm.jpg")], into: input, album: "a")
        let output = try Corpus.scratch("site")
        let watch = try RunningProcess.imgsite(["watch", input.path, "-o", output.path, "--port", "0",
                                                "--cache-dir", try Corpus.scratch("cache").path])
        let port = try #require(watch.port(), "imgsite watch never said where it serves: \(watch.standardError)")
        #expect(try LoopbackHTTP.send(port: port, path: "/a/pier.html").status == 404)
        let reloaded = try LoopbackHTTP.stream(port: port, path: "/_imgsite/events", timeout: 60, ready: {
            // A camera's import: the clip copied under a temporary name, then renamed.
            let temporary = input.appendingPathComponent("a/.pier.mp4.part")
            try FileManager.default.copyItem(atPath: ClipProbeTests.clip("upright-phone.mp4"), toPath: temporary.path)
            guard rename(temporary.path, input.appendingPathComponent("a/pier.mp4").path) == 0 else {
                throw LoopbackHTTP.Failure(description: "rename: errno \(errno)")
            }
        }, line: { $0 == "event: reload" })
        #expect(reloaded, "no reload event within 60 s")
        let page = try LoopbackHTTP.send(port: port, path: "/a/pier.html")
        #expect(page.status == 200 && page.text.contains("<video controls playsinline"), "\(page.status)")
        let sources = ClipBuildTests.sources(page.text)
        #expect(sources.count == 2)
        for source in sources {
            let file = try LoopbackHTTP.send(port: port, path: "/a/" + source.src.replacingOccurrences(of: "../a/", with: ""))
            #expect(file.status == 200 && file.body.count > 1000 && file.body[4..<8].elementsEqual("ftyp".utf8), "\(source.src)")
        }
        #expect(try LoopbackHTTP.send(port: port, path: "/a/").text.contains("pier.html"), "the album's grid shows the clip")
        watch.interrupt()
        #expect(!watch.child.killedBySignal && watch.child.status == 130)
    }
}
