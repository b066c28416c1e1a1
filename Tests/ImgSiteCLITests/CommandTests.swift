import ArgumentParser
import Foundation
@testable import ImgSiteCLI
import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing

@Suite struct CommandTests {
    @Test func defaults() throws {
        let command = try #require(try ImgSiteCommand.parseAsRoot(["build"]) as? BuildCommand)
        #expect(command.site.input == "." && command.site.output == "_site" && command.site.jobs == nil && !command.force)
    }

    @Test("contradictory or impossible options are refused", arguments: [
        ["build", "--quiet", "--verbose"], ["build", "--jobs", "0"], ["build", "--colour"],
    ])
    func invalid(_ arguments: [String]) {
        #expect(throws: (any Error).self) { try ImgSiteCommand.parseAsRoot(arguments) }
    }

    @Test func helpShowsExamples() {
        let help = ImgSiteCommand.helpMessage(for: BuildCommand.self)
        #expect(help.contains("Examples:") && help.contains("--jobs") && help.contains("--force"))
        #expect(ImgSiteCommand.helpMessage().contains("imgsite build ./photos"))
    }

    @Test("--jobs: the default --help and docs/cli.md name is the one a build takes")
    func jobsDefault() throws {
        let help = ImgSiteCommand.helpMessage(for: BuildCommand.self).replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)
        #expect(help.contains("(default: CPU cores + 1,"), "\(help)")
        #expect(BuildOptions.defaultJobsText == "CPU cores + 1" && BuildOptions.defaultJobs == ProcessInfo.processInfo.activeProcessorCount + 1)
        let docs = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../../docs/cli.md").standardized, encoding: .utf8)
        #expect(docs.contains("(default: CPU cores + 1,"))
        let options = try BuildOptions.resolve(input: NSTemporaryDirectory(), output: NSTemporaryDirectory() + "/imgsite-jobs-default", configFile: nil, jobs: nil, force: false)
        #expect(options.jobs == BuildOptions.defaultJobs)
    }

    @Test func versionIsSet() {
        #expect(ImgSiteCommand.configuration.version.first?.isNumber == true)
    }

    @Test("a missing input folder stops with a clear error and exit status 2")
    func missingInput() throws {
        let command = try #require(try ImgSiteCommand.parseAsRoot(["build", "/nonexistent/photos", "-o", "/tmp/x", "-q"]) as? BuildCommand)
        #expect(throws: ExitCode(2)) { try command.run() }
    }

    @Test func byteCounts() {
        #expect(Bytes.text(812) == "812 B")
        #expect(Bytes.text(3_400_000) == "3.4 MB")
    }
}
