import Foundation
import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// A build killed with SIGKILL at any moment resumes to exactly the site a
/// clean build makes, redoing only what had not finished.
@Suite(.tags(.slow), .serialized) struct KillResumeTests {
    static func library() throws -> URL {
        let input = try Corpus.scratch("library")
        try Corpus.copy(["nature/Storm.jpg", "nature/FreshFlower.jpg", "nature/YellowFlower.jpg", "formats/transparent.png"].map(Corpus.photo),
                        into: input, album: "one")
        try Corpus.copy(["cameras/DSCN0010.jpg", "orientation/Landscape_6.jpg", "formats/tiny-88x64.jpg"].map(Corpus.photo),
                        into: input, album: "two")
        try Corpus.copy([Corpus.bad.appendingPathComponent("truncated.jpg"), Corpus.bad.appendingPathComponent("corrupted.jpg")],
                        into: input, album: "two")
        return input
    }

    static func build(_ input: URL, into output: URL, cache: URL, killAt: String? = nil, with signal: String? = nil) throws -> ImgsiteProcess.Run {
        var environment = ["IMGSITE_CACHE_DIR": cache.path]
        if let killAt { environment["IMGSITE_KILL_AT"] = killAt }
        if let signal { environment["IMGSITE_KILL_WITH"] = signal }
        return try ImgsiteProcess.run(["build", input.path, "-o", output.path, "--jobs", "2"], environment: environment)
    }

    @Test("killed during scan, mid-process, while writing pages, or while writing the manifest", arguments: [
        ("scan#2", 0), ("image#1", 1), ("image#4", 4), ("page#3", 8), ("write manifest.json", 8),
    ])
    func killAndResume(point: String, finishedBeforeKill: Int) throws {
        let input = try Self.library()
        let reference = try Corpus.scratch("reference")
        let clean = try Self.build(input, into: reference, cache: try Corpus.scratch("cache"))
        #expect(clean.status == 1, "one corrupt file fails: \(clean.output) \(clean.errors)")

        let output = try Corpus.scratch("resumed")
        let cache = try Corpus.scratch("cache")
        let killed = try Self.build(input, into: output, cache: cache, killAt: point)
        #expect(killed.killedBySignal && killed.status == 9, "\(point): \(killed.status) \(killed.errors)")

        let resumed = try Self.build(input, into: output, cache: cache)
        let summary = try #require(resumed.output.split(separator: "\n").last { $0.hasPrefix("built ") })
        let counts = summary.split(whereSeparator: { !$0.isNumber }).prefix(3).compactMap { Int($0) }
        // 8 images build (one with a warning), 1 fails. What finished before the
        // kill is not done again: the n-th image, or one more that the other
        // worker recorded in the instant before the kill landed.
        #expect(counts.count == 3 && counts[0] + counts[1] == 8 && counts[2] == 1, "\(point): \(summary)")
        #expect((finishedBeforeKill...min(8, finishedBeforeKill + 1)).contains(counts[1]), "\(point): \(summary)")
        let differences = FolderTree.differences(try FolderTree.read(reference), try FolderTree.read(output))
        #expect(differences.isEmpty, "\(point): \(differences.prefix(8))")
    }

    @Test("killed while writing the pages of new settings, then built with the settings before: the pages it wrote are written back")
    func killedPagesThenUndone() throws {
        let input = try Self.library()
        let settings = input.appending(path: "imgsite.yml")
        try "title: First\n".write(to: settings, atomically: true, encoding: .utf8)
        let reference = try Corpus.scratch("reference")
        _ = try Self.build(input, into: reference, cache: try Corpus.scratch("cache"))

        let (output, cache) = (try Corpus.scratch("site"), try Corpus.scratch("cache"))
        _ = try Self.build(input, into: output, cache: cache)
        try "title: Second\n".write(to: settings, atomically: true, encoding: .utf8)
        let killed = try Self.build(input, into: output, cache: cache, killAt: "page#3")
        #expect(killed.killedBySignal, "\(killed.status) \(killed.errors)")
        // Back to the first title: every page's inputs are those its recorded digest was made from.
        try "title: First\n".write(to: settings, atomically: true, encoding: .utf8)
        _ = try Self.build(input, into: output, cache: cache)
        let differences = FolderTree.differences(try FolderTree.read(reference), try FolderTree.read(output))
        #expect(differences.isEmpty, "\(differences.prefix(8))")
    }

    @Test("Ctrl-C or SIGTERM mid-build: one line saying what is kept, the lock let go, status 130 or 143, no summary; the next build resumes",
          arguments: [("INT", Int32(130)), ("TERM", Int32(143))])
    func interrupted(signal: String, status: Int32) throws {
        let input = try Self.library()
        let output = try Corpus.scratch("stopped")
        let cache = try Corpus.scratch("cache")
        let stopped = try Self.build(input, into: output, cache: cache, killAt: "image#2", with: signal)
        #expect(!stopped.killedBySignal && stopped.status == status, "\(signal): \(stopped.status) \(stopped.errors)")
        #expect(stopped.errors.hasSuffix("stopped: what was finished is kept; the next build does the rest\n"), "\(stopped.errors)")
        #expect(!stopped.output.contains(" up to date 0, failed"), "no summary line: \(stopped.output)")
        #expect(!FileManager.default.fileExists(atPath: output.appending(path: OutputLock.fileName).path), "the lock file is gone")
        let resumed = try Self.build(input, into: output, cache: cache)
        let summary = try #require(resumed.output.split(separator: "\n").last { $0.hasPrefix("built ") })
        let counts = summary.split(whereSeparator: { !$0.isNumber }).prefix(3).compactMap { Int($0) }
        #expect(counts.count == 3 && counts[0] + counts[1] == 8 && counts[1] >= 2 && counts[2] == 1, "\(summary)")
    }

}
