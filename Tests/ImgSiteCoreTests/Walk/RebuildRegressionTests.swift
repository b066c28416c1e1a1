import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
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

    @Test("private and hidden albums numbered, unmarked, marked in album.yml, by every build way: each rebuild is a clean build's, nothing sealed goes plain unasked")
    func privateAndHiddenAlbums() throws {
        let privateA = "{a: {private: {password_env: WALK_PASSWORD}}}"
        let refusals = try RebuildWalk.play([
            WalkStep(change: .setting(key: "albums", yaml: privateA), way: .plain),
            WalkStep(change: .renameAlbum("a"), way: .plain),  // a as 01-a: the key still names it
            WalkStep(change: .setting(key: "albums", yaml: "{c: {private: {password_env: WALK_PASSWORD}}}"), way: .plain),  // a typo: refused
            // 01-a, sealed, now only hidden: refused, then --unseal.
            WalkStep(change: .setting(key: "albums", yaml: "{b: {private: {password_env: WALK_PASSWORD, listed: true}}, a: {hidden: true}}"), way: .plain),
            WalkStep(change: .renameAlbum("b"), way: .shards(2)),
            WalkStep(change: .albumFile("01-b", yaml: "private: {password_env: WALK_PASSWORD}"), way: .killed("image#1")),
            WalkStep(change: .setting(key: "albums", yaml: nil), way: .watch),  // still marked by its album.yml
            WalkStep(change: .renameAlbum("b"), way: .watch),  // the mark moves with it
            WalkStep(change: .albumFile("b", yaml: nil), way: .plain),  // unmarked: refused, then --unseal
            WalkStep(change: .setting(key: "albums", yaml: privateA), way: .force),
            WalkStep(change: .renameAlbum("a"), way: .killed("page#1")),
        ])
        #expect(refusals == [3: "albums", 4: "unseal", 9: "unseal"])
    }
}
