import Foundation
import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing

@Suite struct IncrementalBuildTests {
    @Test("a second build reads no photo; a changed or removed photo is rebuilt or pruned")
    func cacheAndPrune() throws {
        let input = try Corpus.scratch()
        try Corpus.copy([Corpus.photo("nature/Storm.jpg"), Corpus.photo("formats/tiny-88x64.jpg")], into: input, album: "a")
        let first = try TestBuild.run(input: input)
        #expect(first.summary.built == 2)

        let second = try TestBuild.run(input: input, output: first.output)
        #expect(second.summary.built == 0 && second.summary.upToDate == 2)
        #expect(second.summary.pagesWritten == 0, "unchanged pages are not rewritten")

        let tiny = input.appendingPathComponent("a/tiny-88x64.jpg")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: tiny.path)
        let touched = try TestBuild.run(input: input, output: first.output)
        #expect(touched.summary.built == 0 && touched.summary.upToDate == 2, "a touched but unchanged photo costs a hash, not an encode")

        try FileManager.default.removeItem(at: tiny)
        try FileManager.default.copyItem(at: Corpus.photo("formats/gray.jpg"), to: tiny)
        let third = try TestBuild.run(input: input, output: first.output)
        #expect(third.summary.built == 1 && third.summary.upToDate == 1, "new content under the same name is encoded")

        let stormFiles = try first.image("a/Storm.jpg").variants.map(first.url)
        try FileManager.default.removeItem(at: input.appendingPathComponent("a/Storm.jpg"))
        let fourth = try TestBuild.run(input: input, output: first.output)
        #expect(fourth.manifest.images.map(\.source) == ["a/tiny-88x64.jpg"])
        #expect(stormFiles.allSatisfy { !FileManager.default.fileExists(atPath: $0.path) })
        #expect(!FileManager.default.fileExists(atPath: first.output.appendingPathComponent("a/storm.html").path))

        let forced = try TestBuild.run(input: input, force: true, output: first.output)
        #expect(forced.summary.built == 1)
    }

    @Test("the output folder may not hold the input")
    func outputHoldingInput() throws {
        let input = try Corpus.scratch()
        #expect(throws: BuildError.self) {
            try BuildOptions.resolve(input: input.path, output: input.path, configFile: nil, jobs: 1, force: false)
        }
        #expect(throws: BuildError.self) {
            try BuildOptions.resolve(input: input.path, output: input.deletingLastPathComponent().path, configFile: nil, jobs: 1, force: false)
        }
        let inside = try BuildOptions.resolve(input: input.path, output: input.appendingPathComponent("_site").path, configFile: nil, jobs: 1, force: false)
        #expect(inside.output.path.hasPrefix(input.path))
    }

    @Test("an output folder inside the input is not scanned as an album")
    func outputInsideInputSkipped() throws {
        let input = try Corpus.scratch()
        try Corpus.copy([Corpus.photo("formats/tiny-88x64.jpg")], into: input, album: "a")
        let output = input.appendingPathComponent("_site")
        _ = try TestBuild.run(input: input, output: output)
        let again = try TestBuild.run(input: input, output: output)
        #expect(again.manifest.images.map(\.source) == ["a/tiny-88x64.jpg"])
    }
}
