import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// A curation file never publishes more than it would read as meant: a
/// misspelt key is left out with a warning and the rest applied; a file
/// that cannot be read (or a typo of `hidden` or `exclude`) holds its
/// album or photo back with a `failed` line until it is mended.
@Suite struct CurationFailsClosedTests {
    /// `trip/` (Aqua, and Wood hidden by its sidecar), `secret/` (Garden,
    /// a hidden album), `gone/` (Dune, an excluded album), each file as given.
    static func library(secret: String, gone: String, wood: String) throws -> URL {
        let input = try Corpus.scratch("input")
        try Corpus.copy(["nature/Aqua.jpg", "nature/Wood.jpg"].map(Corpus.photo), into: input, album: "trip")
        try Corpus.copy([Corpus.photo("nature/Garden.jpg")], into: input, album: "secret")
        try Corpus.copy([Corpus.photo("nature/Dune.jpg")], into: input, album: "gone")
        try write(input, secret: secret, gone: gone, wood: wood)
        return input
    }

    static func write(_ input: URL, secret: String, gone: String, wood: String) throws {
        try AlbumFileSiteTests.write(secret, to: input.appending(path: "secret/album.yml"))
        try AlbumFileSiteTests.write(gone, to: input.appending(path: "gone/album.yml"))
        try AlbumFileSiteTests.write(wood, to: input.appending(path: "trip/Wood.jpg.yml"))
    }

    static let meant = (secret: "hidden: true\ndescription: private family photos\n", gone: "exclude: true\n", wood: "hidden: true\ncaption: x\n")

    static func config() -> SiteConfig {
        var config = SiteConfig()
        config.baseURL = "https://example.org/"
        config.downloads = .original
        config.albumZip = true
        return config
    }

    /// What a visitor who does not have the hidden links can reach, and the
    /// files on disk: never the hidden or excluded photos.
    static func expectNothingHiddenPublished(_ build: TestBuild, _ context: String) throws {
        let public_ = try ["index.html", "trip/index.html", "sitemap.xml", "feed.xml"].map { try AlbumFileSiteTests.page(build, $0) }.joined()
        for word in ["secret", "gone", "dune", "wood", "Wood"] { #expect(!public_.contains(word), "\(context): '\(word)' is public") }
        #expect(!FileManager.default.fileExists(atPath: build.output.appending(path: "gone").path), "\(context): the excluded album")
        let zip = try DownloadsSiteTests.entries([UInt8](Data(contentsOf: build.output.appending(path: "trip/trip.zip"))))
        #expect(zip.map(\.name).allSatisfy { !$0.lowercased().contains("wood") }, "\(context): the hidden photo is in the album zip")
    }

    /// Every file of the site, by path.
    static func files(_ build: TestBuild) throws -> Set<String> {
        Set(try FolderTree.read(build.output).keys)
    }

    @Test("a misspelt key is a warning naming file:line:column and what it likely meant; hidden and exclude still apply")
    func misspeltKey() throws {
        let input = try Self.library(secret: "hidden: true\ndescripton: private family photos\n", gone: "exclude: true\ntitel: x\n",
                                     wood: "hidden: true\ncaptoin: x\n")
        let build = try TestBuild.run(input: input, config: Self.config())
        #expect(build.summary.failed.isEmpty)
        #expect(build.summary.siteWarnings.contains { $0.hasPrefix("secret/album.yml:2:1: unknown key 'descripton' ignored: did you mean 'description'?") },
                "\(build.summary.siteWarnings)")
        #expect(build.summary.warnings.contains { $0.hasPrefix("trip/Wood.jpg: trip/Wood.jpg.yml:2:1: unknown key 'captoin' ignored: did you mean 'caption'?") },
                "\(build.summary.warnings)")
        try Self.expectNothingHiddenPublished(build, "misspelt")
        #expect(FileManager.default.fileExists(atPath: build.output.appending(path: "secret/garden.html").path), "hidden, not held back")
        #expect(FileManager.default.fileExists(atPath: build.output.appending(path: "trip/wood.html").path))
    }

    @Test("a file that cannot be read holds its album or photo back, in a clean build and a rebuild; mended, the site is the clean build's")
    func unreadable() throws {
        let broken = (secret: "hidden: maybe\n", gone: "exclude: true\ndescription: [unclosed\n", wood: "caption: x\nhiden: true\n")
        let input = try Self.library(secret: broken.secret, gone: broken.gone, wood: broken.wood)
        let clean = try TestBuild.run(input: input, config: Self.config())
        #expect(clean.summary.failed.map(\.path).sorted() == ["gone/album.yml:2:14", "secret/album.yml:1:9", "trip/Wood.jpg"])
        #expect(clean.summary.failed.allSatisfy { $0.reason.contains("not published until") }, "\(clean.summary.failed)")
        #expect(clean.summary.built == 1)
        try Self.expectNothingHiddenPublished(clean, "clean build, broken files")
        #expect(try Self.files(clean).allSatisfy { !$0.hasPrefix("secret") && !$0.contains("wood") }, "held back: nothing of them on disk")

        // A site built as meant, then the files broken: what they hid is not published, the rest stays.
        let meantInput = try Self.library(secret: Self.meant.secret, gone: Self.meant.gone, wood: Self.meant.wood)
        let first = try TestBuild.run(input: meantInput, config: Self.config())
        #expect(first.summary.failed.isEmpty && first.summary.built == 3)
        try Self.expectNothingHiddenPublished(first, "as meant")
        let meantSite = try FolderTree.read(first.output)
        try Self.write(meantInput, secret: broken.secret, gone: broken.gone, wood: broken.wood)
        let rebuilt = try TestBuild.run(input: meantInput, config: Self.config(), output: first.output)
        #expect(rebuilt.summary.failed.count == 3 && rebuilt.summary.encodedFiles == 0)
        try Self.expectNothingHiddenPublished(rebuilt, "rebuild, broken files")
        #expect(try Self.files(rebuilt) == Self.files(clean), "a rebuild holds back what a clean build does")

        // Mended: hidden and excluded as meant, the same site as a clean build's, nothing encoded again.
        try Self.write(meantInput, secret: Self.meant.secret, gone: Self.meant.gone, wood: Self.meant.wood)
        let mended = try TestBuild.run(input: meantInput, config: Self.config(), output: first.output)
        #expect(mended.summary.failed.isEmpty && mended.summary.encodedFiles == 0)
        try Self.expectNothingHiddenPublished(mended, "mended")
        #expect(try FolderTree.differences(meantSite, FolderTree.read(mended.output)) == [])
    }

    @Test("the top folder's album file cannot hide the site: one that cannot be read is a warning, the site builds")
    func topFolder() throws {
        let input = try Self.library(secret: Self.meant.secret, gone: Self.meant.gone, wood: Self.meant.wood)
        try AlbumFileSiteTests.write("album_order: [oops\n", to: input.appending(path: "album.yml"))
        let build = try TestBuild.run(input: input, config: Self.config())
        #expect(build.summary.failed.isEmpty && build.summary.built == 3)
        #expect(build.summary.siteWarnings.contains { $0.hasPrefix("album.yml:1:14: not valid YAML: ") && $0.hasSuffix("; ignored") }, "\(build.summary.siteWarnings)")
    }
}
