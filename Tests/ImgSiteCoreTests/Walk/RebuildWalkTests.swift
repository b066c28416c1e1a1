import Foundation
import Testing

/// Every rebuild equals a clean build (`RebuildWalk`). CI walks a short
/// seeded path; `make soak` a long one (`IMGSITE_WALK_STEPS`). A failure names
/// its seed and the shortest step list found that still fails: replay it with
/// `IMGSITE_WALK_SEED=<seed>`, and turn it into a plain regression test
/// (`IMGSITE_WALK_SHRINK=<seconds>` bounds the search, 300 unless told).
@Suite(.tags(.alone), .serialized) struct RebuildWalkTests {
    static let environment = ProcessInfo.processInfo.environment

    @Test("a seeded random walk of settings, file changes and build ways: each rebuild is byte for byte a clean build")
    func walk() throws {
        let seed = Self.environment["IMGSITE_WALK_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 1...999_999)
        let count = Self.environment["IMGSITE_WALK_STEPS"].flatMap { Int($0) } ?? 60
        let verbose = Self.environment["IMGSITE_WALK_VERBOSE"] != nil
        do {
            try RebuildWalk.run(seed: seed, count: count) { line in if verbose { print("walk \(seed): \(line)") } }
        } catch let failure as RebuildWalk.Failure {
            let shortest = RebuildWalk.shrink(failure.steps, seconds: Double(Self.environment["IMGSITE_WALK_SHRINK"] ?? "") ?? 300)
            Issue.record("""
                seed \(seed) (IMGSITE_WALK_SEED=\(seed) IMGSITE_WALK_STEPS=\(failure.steps.count)): \(failure)
                shortest failing list found (\(shortest.count) steps):
                \(shortest.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n"))
                """)
        }
    }
}
