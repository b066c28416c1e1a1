import Foundation
import Testing

/// `--report build.json`: its schema, checked field by field on a build with
/// a built image, a warning, a failure, and then a no-op rebuild.
@Suite struct BuildReportTests {
    @Test("schema 1: summary, one row per image sorted by path, outputs with bytes, warnings")
    func schema() throws {
        let input = try Corpus.scratch("library")
        try Corpus.copy([Corpus.photo("formats/tiny-88x64.jpg"), Corpus.bad.appendingPathComponent("truncated.jpg"),
                         Corpus.bad.appendingPathComponent("corrupted.jpg")], into: input, album: "a")
        let (site, cache) = (try Corpus.scratch("site"), try Corpus.scratch("cache"))
        let reportFile = try Corpus.scratch("out").appendingPathComponent("build.json")
        func build() throws -> [String: Any] {
            let run = try ImgsiteProcess.run(["build", input.path, "-o", site.path, "--report", reportFile.path],
                                             environment: ["IMGSITE_CACHE_DIR": cache.path])
            #expect(run.status == 1, "one image fails")
            return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: reportFile)) as? [String: Any])
        }
        let report = try build()
        #expect(report["schema"] as? Int == 1 && report["imgsite"] is String)
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["built"] as? Int == 2 && summary["failed"] as? Int == 1 && summary["warnings"] as? Int == 1)
        #expect((summary["bytesOut"] as? Int ?? 0) > 0 && summary["seconds"] is Double)
        let images = try #require(report["images"] as? [[String: Any]])
        #expect(images.map { $0["path"] as? String } == ["a/corrupted.jpg", "a/tiny-88x64.jpg", "a/truncated.jpg"])
        #expect(images.map { $0["status"] as? String } == ["failed", "built", "warning"])
        let failed = images[0], built = images[1], warned = images[2]
        #expect((failed["reason"] as? String)?.contains("cannot be decoded") == true && (failed["outputs"] as? [Any])?.isEmpty == true)
        #expect(failed["step"] as? String == "process" && built["step"] == nil, "a failure names the step it failed in")
        #expect((failed["bytesIn"] as? Int ?? 0) > 0)
        let outputs = try #require(built["outputs"] as? [[String: Any]])
        #expect(!outputs.isEmpty && outputs.allSatisfy { ($0["bytes"] as? Int ?? 0) > 0 && $0["path"] is String && $0["width"] is Int })
        #expect(built["bytesOut"] as? Int == outputs.reduce(0) { $0 + ($1["bytes"] as? Int ?? 0) })
        let sourceSize = try FileManager.default.attributesOfItem(atPath: Corpus.photo("formats/tiny-88x64.jpg").path)[.size] as? Int
        #expect(built["bytesIn"] as? Int == sourceSize)
        #expect((warned["warnings"] as? [String])?.first?.contains("damaged file") == true)
        #expect((report["warnings"] as? [String])?.count == 1)

        let again = try build()
        let rows = try #require(again["images"] as? [[String: Any]])
        #expect(rows.map { $0["status"] as? String } == ["failed", "up to date", "up to date"], "a no-op rebuild")
        #expect((rows[1]["outputs"] as? [Any])?.isEmpty == false, "up-to-date images list their outputs too")
    }
}
