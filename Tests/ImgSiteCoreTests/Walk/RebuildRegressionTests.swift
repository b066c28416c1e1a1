import Foundation
@testable import ImgSiteCore
import Testing

/// Sequences that once broke "every rebuild equals a clean build", each found
/// by hand or by `RebuildWalkTests`, kept as plain tests.
@Suite struct RebuildRegressionTests {
    static func config(_ formats: [OutputFormat]) -> SiteConfig {
        var config = SiteConfig()
        config.formats = formats
        config.denseFormat = nil
        return config
    }

    @Test("JPEG only, then JPEG and WebP on the same cache: the JPEGs are the clean build's (the planes and RGB paths have their own keys)")
    func stillPathInTheKey() throws {
        let input = try Corpus.scratch("library")
        try Corpus.copy(["nature/FreshFlower.jpg", "cameras/kodak-dc240.jpg"].map(Corpus.photo), into: input, album: "a")
        let output = try Corpus.scratch("site")
        let cache = try Corpus.scratch("cache")
        _ = try TestBuild.run(input: input, config: Self.config([.jpeg]), output: output, cache: cache)
        let rebuilt = try TestBuild.run(input: input, config: Self.config([.jpeg, .webp]), output: output, cache: cache)
        let clean = try TestBuild.run(input: input, config: Self.config([.jpeg, .webp]))
        #expect(rebuilt.summary.encodedFiles > 0)
        let differences = FolderTree.differences(try FolderTree.read(clean.output), try FolderTree.read(output))
        #expect(differences.isEmpty, "\(differences.prefix(5))")
    }
}
