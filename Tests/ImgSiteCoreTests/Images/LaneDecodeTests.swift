import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// A photo alone in a build is decoded on two lanes, which read strips out
/// of order; libvips' sequential JPEG reader sometimes refused that ("out of
/// order read"), and the imgsite binary reported a sound photo as damaged
/// in about 1 build of 6.
@Suite struct LaneDecodeTests {
    @Test("a sound photo built alone on two lanes is never called damaged (16 builds of the binary)")
    func neverDamaged() throws {
        let input = try Corpus.scratch("lone-in")
        try Corpus.copy([Corpus.photo("nature/Storm.jpg")], into: input, album: "nature")
        for round in 1...16 {
            let run = try ImgsiteProcess.run(
                ["build", input.path, "-o", try Corpus.scratch("lone-\(round)").path, "--jobs", "2"],
                environment: ["IMGSITE_CACHE_DIR": try Corpus.scratch("lone-cache-\(round)").path])
            #expect(run.status == 0 && !run.output.contains("warning"), "build \(round): \(run.output)")
        }
    }
}
