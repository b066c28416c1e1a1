import Foundation
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Synchronization
@testable import ImgSiteCore
import Testing

/// The step an error left, stamped by the pipeline (or the entry point that
/// runs outside it), never chosen at the throw site.
@Suite struct ErrorStepTests {
    static func build(_ input: URL, output: URL? = nil) throws(BuildError) -> BuildSummary {
        let output = (try? output ?? Corpus.scratch("site")) ?? URL(fileURLWithPath: "/nonexistent")
        let options = try BuildOptions(input: input, output: output, config: SiteConfig(), jobs: 2, force: false,
                                       cacheFolder: output.appending(path: ".cache"))
        return try BuildPipeline(options: options).run()
    }

    @Test("options, templates, a failed image, and a build database that cannot be opened each name their step")
    func steps() throws {
        #expect(throws: BuildError.self) { try BuildOptions.resolve(input: "/nonexistent", output: "/tmp/x", configFile: nil, jobs: 1, force: false) }
        do {
            _ = try BuildOptions.resolve(input: "/nonexistent", output: "/tmp/x", configFile: nil, jobs: 1, force: false)
        } catch {
            #expect(error.step == .options && error.path == "/nonexistent", "\(error)")
        }

        let input = try Corpus.scratch("photos")
        try Corpus.copy([Corpus.photo("formats/tiny-88x64.jpg"), Corpus.bad.appending(path: "corrupted.jpg")], into: input, album: "a")
        let summary = try Self.build(input)
        #expect(summary.failed.count == 1 && summary.failed.allSatisfy { $0.step == .process }, "\(summary.failed)")

        let templates = input.appending(path: "templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data("<p>{{title</p>\n".utf8).write(to: templates.appending(path: "album.mustache"))
        do {
            _ = try Self.build(input)
            Issue.record("a broken template built")
        } catch {
            #expect(error.step == .templates && error.path.hasPrefix("templates/album.mustache:1:"), "\(error)")
        }
        try FileManager.default.removeItem(at: templates)

        // A file where the cache folder should be: the database cannot be made.
        let output = try Corpus.scratch("site")
        try Data().write(to: output.appending(path: ".cache"))
        do {
            _ = try Self.build(input, output: output)
            Issue.record("built without a build database")
        } catch {
            #expect(error.step == .start, "\(error)")
        }
    }

    @Test("the step reaches the user: the failure event carries it, --verbose lines and error: lines end with it")
    func stepShown() throws {
        let input = try Corpus.scratch("photos")
        try Corpus.copy([Corpus.photo("formats/tiny-88x64.jpg"), Corpus.bad.appending(path: "corrupted.jpg")], into: input, album: "a")
        let output = try Corpus.scratch("site")
        let options = try BuildOptions(input: input, output: output, config: SiteConfig(), jobs: 2, force: false,
                                       cacheFolder: output.appending(path: ".cache"))
        let failures = Mutex<[BuildError]>([])
        _ = try BuildPipeline(options: options) { event in
            if case .failed(let error) = event { failures.withLock { $0.append(error) } }
        }.run()
        #expect(failures.withLock { $0.map(\.step) } == [.process], "sent stamped, not stamped after")

        let verbose = try ImgsiteProcess.run(["build", input.path, "-o", try Corpus.scratch("verbose").path, "--verbose"],
                                             environment: ["IMGSITE_CACHE_DIR": try Corpus.scratch("cache").path])
        let line = verbose.output.split(separator: "\n").first { $0.hasPrefix("failed a/corrupted.jpg: ") }
        #expect(line?.hasSuffix(" (step: process)") == true, "\(verbose.output)")
        let plain = try ImgsiteProcess.run(["build", input.path, "-o", try Corpus.scratch("plain").path],
                                           environment: ["IMGSITE_CACHE_DIR": try Corpus.scratch("cache").path])
        #expect(!plain.output.contains("(step:"), "the output contract's lines stay as they were")

        let templates = input.appending(path: "templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data("<p>{{title</p>\n".utf8).write(to: templates.appending(path: "album.mustache"))
        let broken = try ImgsiteProcess.run(["build", input.path, "-o", try Corpus.scratch("broken").path, "--verbose"])
        #expect(broken.status == 2 && broken.errors.contains("error: templates/album.mustache:1:") && broken.errors.contains("(step: templates)\n"),
                "\(broken.errors)")
    }

    @Test("a build database that cannot be read is said in one way, naming the cache folder")
    func databaseMessage() throws {
        let error = #expect(throws: BuildError.self) {
            try buildDatabase(.read, at: "/cache") { () throws -> Int in throw CocoaError(.fileReadCorruptFile) }
        }
        #expect(error?.path == "/cache" && error?.reason.hasPrefix("build database cannot be read: ") == true, "\(String(describing: error))")
    }

}
