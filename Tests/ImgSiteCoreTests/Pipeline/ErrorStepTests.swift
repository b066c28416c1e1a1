import Foundation
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
}
