import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing

/// A build killed while a clip is being encoded publishes no part of its
/// files; the next build makes the clip again, and leaves nothing of the
/// killed transcode behind.
@Suite(.tags(.slow), .serialized, .enabled(if: ClipProbe.unavailable == nil, "FFmpeg's libraries are missing: make deps installs them"))
struct ClipKillTests {
    static func files(_ folder: URL) throws -> Set<String> {
        Set(try FileManager.default.subpathsOfDirectory(atPath: folder.path))
    }

    @Test("killed at 15 % of a clip's encode (SIGKILL), then built again: the site a clean build makes, no temporary left")
    func killedMidEncode() throws {
        let input = try Corpus.scratch("clip-kill-in")
        try Corpus.copy([URL(fileURLWithPath: ClipProbeTests.clip("hd-pan.mp4")), Corpus.photo("nature/Storm.jpg")], into: input, album: "a")
        let reference = try Corpus.scratch("clip-kill-reference")
        let clean = try KillResumeTests.build(input, into: reference, cache: try Corpus.scratch("clip-kill-cache"))
        #expect(clean.status == 0, "\(clean.errors)")

        let (output, cache) = (try Corpus.scratch("clip-kill-out"), try Corpus.scratch("clip-kill-cache"))
        let killed = try KillResumeTests.build(input, into: output, cache: cache, killAt: "encoding#3")
        #expect(killed.killedBySignal && killed.status == 9, "\(killed.status) \(killed.errors)")
        let published = try Self.files(output).filter { $0.hasSuffix(".mp4") }
        #expect(published.isEmpty, "a killed encode published \(published)")

        let resumed = try KillResumeTests.build(input, into: output, cache: cache)
        #expect(resumed.status == 0 && resumed.output.contains("built a/hd-pan.mp4"), "\(resumed.output) \(resumed.errors)")
        #expect(try Self.files(output) == Self.files(reference))
        let work = CacheFolder(cache).clipWork
        let left = (try? FileManager.default.contentsOfDirectory(atPath: work.path)) ?? []
        #expect(left.isEmpty, "the killed transcode left \(left)")
    }
}
