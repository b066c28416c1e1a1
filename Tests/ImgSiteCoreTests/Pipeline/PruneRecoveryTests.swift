import Foundation
import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// A manifest that is corrupt or unreadable used to turn pruning off; the
/// next build must still leave exactly what a clean build leaves.
@Suite struct PruneRecoveryTests {
    static func input() throws -> URL {
        let input = try Corpus.scratch()
        try Corpus.copy([Corpus.photo("nature/Storm.jpg"), Corpus.photo("formats/tiny-88x64.jpg")], into: input, album: "a")
        return input
    }

    static func cleanTree(of input: URL) throws -> [String: Data] {
        try FolderTree.read(try TestBuild.run(input: input).output)
    }

    @Test("a corrupt manifest: the build database still knows what was written", arguments: ["{ not json", ""])
    func corruptManifest(_ garbage: String) throws {
        let input = try Self.input()
        let first = try TestBuild.run(input: input)
        try FileManager.default.removeItem(at: input.appendingPathComponent("a/Storm.jpg"))
        try garbage.write(to: first.output.appendingPathComponent(Manifest.fileName), atomically: true, encoding: .utf8)
        _ = try TestBuild.run(input: input, output: first.output)
        let differences = FolderTree.differences(try Self.cleanTree(of: input), try FolderTree.read(first.output))
        #expect(differences.isEmpty, "\(differences)")
    }

    @Test("manifest and build database both lost: files named like imgsite's go, the user's own stay")
    func everythingLost() throws {
        let input = try Self.input()
        let cache = try Corpus.scratch("cache")
        let first = try TestBuild.run(input: input, cache: cache)
        try "example.org".write(to: first.output.appendingPathComponent("CNAME"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: input.appendingPathComponent("a/Storm.jpg"))
        try "{".write(to: first.output.appendingPathComponent(Manifest.fileName), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: cache)
        let second = try TestBuild.run(input: input, output: first.output, cache: cache)
        #expect(second.summary.siteWarnings.contains { $0.contains("unreadable") })
        var expected = try Self.cleanTree(of: input)
        expected["CNAME"] = Data("example.org".utf8)
        let differences = FolderTree.differences(expected, try FolderTree.read(first.output))
        #expect(differences.isEmpty, "\(differences)")
    }
}
