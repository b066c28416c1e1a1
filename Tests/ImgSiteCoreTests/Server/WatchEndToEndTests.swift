import Foundation
import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// `imgsite watch` as a user runs it.
@Suite(.tags(.watch)) struct WatchEndToEndTests {
    @Test("a changed photo: the reload event reaches the page, the new page is served, Ctrl-C stops cleanly")
    func changePhoto() throws {
        let input = try Corpus.scratch("watched")
        try Corpus.copy([Corpus.photo("nature/Storm.jpg"), Corpus.photo("formats/tiny-88x64.jpg")], into: input, album: "a")
        let output = try Corpus.scratch("site")
        let watch = try RunningProcess.imgsite(["watch", input.path, "-o", output.path, "--port", "0",
                                                "--cache-dir", try Corpus.scratch("cache").path])
        let port = try #require(watch.port(), "imgsite watch never said where it serves: \(watch.standardError)")
        let before = try LoopbackHTTP.send(port: port, path: "/a/").text
        #expect(before.contains("/_imgsite/events"), "served pages carry the reload script")
        #expect(try LoopbackHTTP.send(port: port, path: "/nope.html").text.contains("/_imgsite/events"), "the 404 page reloads too")
        let photo = input.appendingPathComponent("a/Storm.jpg")
        let reloaded = try LoopbackHTTP.stream(port: port, path: "/_imgsite/events", timeout: 30, ready: {
            // What an editor does: write a new file, rename it over the old one.
            let temporary = input.appendingPathComponent("a/.Storm.jpg.tmp")
            try FileManager.default.copyItem(at: Corpus.photo("nature/Dune.jpg"), to: temporary)
            guard rename(temporary.path, photo.path) == 0 else { throw LoopbackHTTP.Failure(description: "rename: errno \(errno)") }
        }, line: { $0 == "event: reload" })
        #expect(reloaded, "no reload event within 30 s")
        let after = try LoopbackHTTP.send(port: port, path: "/a/").text
        #expect(after != before, "the album page shows the new photo's variants")
        let built = try String(contentsOf: output.appendingPathComponent("a/index.html"), encoding: .utf8)
        #expect(!built.contains("_imgsite") && !built.contains("EventSource"), "the built file has no script")

        watch.interrupt()
        #expect(!watch.child.killedBySignal && watch.child.status == 130, "Ctrl-C stops cleanly, with the status a stopped run has")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent(OutputLock.fileName).path), "the lock is released")
    }
}
