import Foundation
import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// Scripts and CI parse imgsite's output: in a pipe, one line per image
/// starting with its status word, then the summary line the README documents.
@Suite struct OutputContractTests {
    nonisolated(unsafe) static let imageLine = #/^(built|up to date|warning|failed) (\S.*?)(?: \(\d+ files?, [\d.]+ (?:B|KB|MB|GB)\)|: .+)?$/#
    nonisolated(unsafe) static let summaryLine = #/^built (\d+), up to date (\d+), failed (\d+)(, warnings \d+)?(, removed \d+ stale files)?; (?:\S+ \S+ → \S+ \S+|nothing encoded); \d+\.\d s; site in .+$/#

    @Test("in a pipe: one line per image on stdout, each starting with its status word, then the summary")
    func pipeLines() throws {
        let input = try Corpus.scratch()
        try Corpus.copy([Corpus.photo("formats/tiny-88x64.jpg"), Corpus.photo("nature/Storm.jpg")], into: input, album: "good")
        try Corpus.copy(["truncated.jpg", "corrupted.jpg", "zero-bytes.jpg"].map { Corpus.bad.appendingPathComponent($0) }, into: input, album: "bad")
        let output = try Corpus.scratch("site")
        let environment = ["IMGSITE_CACHE_DIR": try Corpus.scratch("cache").path]

        let first = try ImgsiteProcess.run(["build", input.path, "-o", output.path], environment: environment)
        #expect(first.status == 1, "failed images make the status 1")
        let statuses = try Self.check(first.output, images: 5)
        #expect(statuses == ["good/tiny-88x64.jpg": "built", "good/Storm.jpg": "built", "bad/truncated.jpg": "warning",
                             "bad/corrupted.jpg": "failed", "bad/zero-bytes.jpg": "failed"])

        let second = try ImgsiteProcess.run(["build", input.path, "-o", output.path], environment: environment)
        #expect(try Self.check(second.output, images: 5).filter { $0.value == "up to date" }.count == 3)
        // The damaged file kept from the first build is named with its reason again.
        #expect(second.output.contains("up to date bad/truncated.jpg: damaged file, built from what could be decoded"), "\(second.output)")
    }

    /// Checks the shape of every line; returns each image's status word.
    static func check(_ output: String, images: Int) throws -> [String: String] {
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.count == images + 1, "\(lines)")
        var statuses: [String: String] = [:]
        for line in lines.dropLast() {
            let match = try #require(try Self.imageLine.wholeMatch(in: line), "not an image line: \(line)")
            statuses[String(match.2)] = String(match.1)
        }
        let summary = try #require(try Self.summaryLine.wholeMatch(in: lines.last ?? ""), "not the summary: \(lines.last ?? "")")
        let counts = statuses.values.reduce(into: [String: Int]()) { $0[$1 == "warning" ? "built" : $1, default: 0] += 1 }
        #expect(Int(summary.1) == counts["built", default: 0] && Int(summary.2) == counts["up to date", default: 0]
                && Int(summary.3) == counts["failed", default: 0], "\(lines.last!)")
        return statuses
    }
}
