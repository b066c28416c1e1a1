import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// Files that are not published are said: counted by kind on the summary
/// line, named under --verbose and in the report, and a folder that shows
/// nothing is a warning, not a silent absence.
@Suite struct SkippedFilesTests {
    /// Album `a`: a photo, a RAW file and notes; `raw-only`: two RAW files;
    /// `b/c`: a text file; the site's own imgsite.yml and a Thumbs.db.
    static func library() throws -> URL {
        let input = try Corpus.scratch("input")
        try Corpus.copy([Corpus.photo("nature/Aqua.jpg")], into: input, album: "a")
        let files = ["a/DSC_0001.NEF": "raw", "a/notes.txt": "notes", "raw-only/IMG_1.CR2": "raw", "raw-only/IMG_2.cr2": "raw",
                     "b/c/readme.txt": "text", "imgsite.yml": "title: Trips\nraw: skip\n", "a/Thumbs.db": "x"]
        for (path, text) in files {
            let url = input.appending(path: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return input
    }

    @Test("the scan keeps what it does not publish, by kind, and a folder with nothing to show is no album")
    func scan() throws {
        let album = try Scanner(input: try Self.library(), excluded: []).scan(title: "t")
        #expect(album.allSkipped.map(\.relativePath).sorted() == ["a/DSC_0001.NEF", "a/notes.txt", "b/c/readme.txt", "raw-only/IMG_1.CR2", "raw-only/IMG_2.cr2"])
        #expect(album.allSkipped.filter { $0.kind == .raw }.count == 3)
        #expect(album.albums.map(\.path) == ["a"])
    }

    @Test("imgsite build: the summary counts skipped files by kind, -v names each, the report lists them, empty folders are warnings")
    func commandLine() throws {
        let input = try Self.library()
        let output = try Corpus.scratch("site")
        let report = output.deletingLastPathComponent().appendingPathComponent("report-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: report) }
        let run = try ImgsiteProcess.run(["build", input.path, "-o", output.path, "-v", "--report", report.path],
                                         environment: ["IMGSITE_CACHE_DIR": try Corpus.scratch("cache").path])
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        let lines = run.output.split(separator: "\n")
        let summary = try #require(lines.last { $0.hasPrefix("built 1, up to date 0, failed 0") })
        #expect(summary.contains(", skipped 5 (3 RAW, 2 other); "), "\(summary)")
        #expect(lines.contains { $0.hasPrefix("site warning raw-only: no photos to show, only skipped files (2 RAW); a camera RAW file; raw: skip leaves RAW files out") },
                "\(run.output)")
        #expect(lines.contains { $0.hasPrefix("site warning b: no photos to show, only skipped files (1 other)") }, "\(run.output)")
        #expect(run.errors.contains("skipped a/DSC_0001.NEF: a camera RAW file") && run.errors.contains("skipped b/c/readme.txt: not an image"),
                "\(run.errors)")
        #expect(!run.errors.contains("imgsite.yml") && !run.errors.contains("Thumbs.db"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        let skipped = try #require(json["skipped"] as? [[String: String]])
        #expect(skipped.count == 5 && skipped.filter { $0["kind"] == "RAW" }.count == 3 && skipped.allSatisfy { !($0["reason"] ?? "").isEmpty })
        #expect((json["summary"] as? [String: Any])?["skipped"] as? Int == 5)
        // Without -v, no line per skipped file.
        let quiet = try ImgsiteProcess.run(["build", input.path, "-o", output.path], environment: ["IMGSITE_CACHE_DIR": try Corpus.scratch("cache").path])
        #expect(!quiet.errors.contains("skipped a/") && quiet.output.contains("skipped 5 (3 RAW, 2 other)"), "\(quiet.errors)")
    }
}
