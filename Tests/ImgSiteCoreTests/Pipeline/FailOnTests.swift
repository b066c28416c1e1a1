import Foundation
import Testing

/// `--fail-on` decides the exit status from the images' outcomes, and under
/// GitHub Actions each failure and warning is also an annotation on its file,
/// while standard output keeps exactly one line per image.
@Suite struct FailOnTests {
    static func library(withFailure: Bool) throws -> URL {
        let input = try Corpus.scratch("library")
        try Corpus.copy([Corpus.photo("formats/tiny-88x64.jpg"), Corpus.bad.appendingPathComponent("truncated.jpg")], into: input, album: "a")
        if withFailure { try Corpus.copy([Corpus.bad.appendingPathComponent("corrupted.jpg")], into: input, album: "a") }
        return input
    }

    static func build(_ input: URL, _ arguments: [String], github: Bool = false) throws -> ImgsiteProcess.Run {
        var environment = ["IMGSITE_CACHE_DIR": try Corpus.scratch("cache").path]
        if github { environment["GITHUB_ACTIONS"] = "true" }
        return try ImgsiteProcess.run(["build", input.path, "-o", try Corpus.scratch("site").path] + arguments, environment: environment)
    }

    @Test("error (default), warning and never, on a warning alone and on a failure")
    func statuses() throws {
        let warningOnly = try Self.library(withFailure: false)
        let withFailure = try Self.library(withFailure: true)
        #expect(try Self.build(warningOnly, []).status == 0)
        #expect(try Self.build(warningOnly, ["--fail-on", "warning"]).status == 1)
        #expect(try Self.build(withFailure, []).status == 1)
        #expect(try Self.build(withFailure, ["--fail-on", "error"]).status == 1)
        let never = try Self.build(withFailure, ["--fail-on", "never"])
        #expect(never.status == 0 && never.output.contains("failed a/corrupted.jpg"))
        let wrong = try Self.build(warningOnly, ["--fail-on", "sometimes"])
        #expect(wrong.status == 64 && wrong.errors.contains("fail-on"))
    }

    @Test("GitHub Actions: annotations on standard error, naming the file; standard output unchanged")
    func annotations() throws {
        let input = try Self.library(withFailure: true)
        let run = try Self.build(input, [], github: true)
        let annotations = run.errors.split(separator: "\n").filter { $0.hasPrefix("::") }
        let path = input.appendingPathComponent("a").path
        #expect(annotations.contains { $0.hasPrefix("::error file=\(path)/corrupted.jpg,title=imgsite::cannot be decoded") }, "\(annotations)")
        #expect(annotations.contains { $0.hasPrefix("::warning file=\(path)/truncated.jpg,title=imgsite::damaged file") }, "\(annotations)")
        let lines = run.output.split(separator: "\n")
        #expect(lines.count == 4 && !run.output.contains("::"), "three image lines and the summary: \(lines)")
    }

    @Test("GitHub Actions: a mistake in a curation file is annotated at its line and column")
    func annotationsAtAPlace() throws {
        let input = try Self.library(withFailure: false)
        try Corpus.copy([Corpus.photo("formats/tiny-88x64.jpg")], into: input, album: "b")
        try Corpus.copy([Corpus.photo("formats/tiny-88x64.jpg")], into: input, album: "c")
        try "hidden: maybe\n".write(to: input.appending(path: "b/album.yml"), atomically: true, encoding: .utf8)
        try "title: C\ndescripton: x\n".write(to: input.appending(path: "c/album.yml"), atomically: true, encoding: .utf8)
        let run = try Self.build(input, [], github: true)
        #expect(run.status == 1 && run.output.contains("failed b/album.yml:1:9: hidden must be true or false, not 'maybe'"), "\(run.output)")
        let annotations = run.errors.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(annotations.contains { $0.hasPrefix("::error file=\(input.path)/b/album.yml,line=1,col=9,title=imgsite::hidden must be true or false") },
                "\(annotations)")
        #expect(annotations.contains { $0.hasPrefix("::warning file=\(input.path)/c/album.yml,line=2,col=1,title=imgsite::unknown key 'descripton'") },
                "\(annotations)")
    }
}
