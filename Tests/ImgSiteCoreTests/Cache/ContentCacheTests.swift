import Foundation
import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// The content-addressed cache: outputs survive deleting the output folder,
/// a CI checkout (new modification times), renames and moves; a setting
/// change re-encodes only what it shapes.
@Suite struct ContentCacheTests {
    static func library() throws -> URL {
        let input = try Corpus.scratch("library")
        try Corpus.copy([Corpus.photo("nature/Storm.jpg"), Corpus.photo("formats/tiny-88x64.jpg")], into: input, album: "a")
        try Corpus.copy([Corpus.photo("formats/transparent.png")], into: input, album: "b")
        return input
    }

    @Test("a no-op rebuild opens no source photo, encodes nothing and writes no page")
    func noOp() throws {
        let input = try Self.library()
        let first = try TestBuild.run(input: input)
        #expect(first.summary.built == 3 && first.summary.sourcesRead == 3 && first.summary.encodedFiles > 0)
        let second = try TestBuild.run(input: input, output: first.output)
        #expect(second.summary.built == 0 && second.summary.upToDate == 3)
        #expect(second.summary.sourcesRead == 0 && second.summary.encodedFiles == 0 && second.summary.pagesWritten == 0)
    }

    @Test("a variant deleted from the site is noticed by the no-op check and linked back from the cache")
    func variantDeleted() throws {
        let input = try Self.library()
        let cache = try Corpus.scratch("cache")
        let first = try TestBuild.run(input: input, cache: cache)
        let before = try FolderTree.read(first.output)
        let storm = try #require(first.manifest.images.first { $0.source == "a/Storm.jpg" })
        let deleted = first.url(try #require(storm.variants.last))
        try FileManager.default.removeItem(at: deleted)
        let again = try TestBuild.run(input: input, output: first.output, cache: cache)
        #expect(again.summary.upToDate == 3 && again.summary.encodedFiles == 0 && again.summary.sourcesRead == 0, "\(again.summary)")
        #expect(FileManager.default.fileExists(atPath: deleted.path), "a photo whose file is gone is not up to date as it stands")
        #expect(FolderTree.differences(before, try FolderTree.read(first.output)).isEmpty)
    }

    @Test("deleting the output folder re-encodes nothing; variants are hard links to the cache")
    func outputDeleted() throws {
        let input = try Self.library()
        let cache = try Corpus.scratch("cache")
        let first = try TestBuild.run(input: input, cache: cache)
        let before = try FolderTree.read(first.output)
        try FileManager.default.removeItem(at: first.output)
        let again = try TestBuild.run(input: input, output: first.output, cache: cache)
        #expect(again.summary.encodedFiles == 0 && again.summary.built == 0 && again.summary.upToDate == 3)
        #expect(FolderTree.differences(before, try FolderTree.read(first.output)).isEmpty)
        let variant = try #require(again.manifest.images.first?.variants.first)
        let links = try FileManager.default.attributesOfItem(atPath: again.url(variant).path)[.referenceCount] as? Int
        #expect(links == 2, "output and cache share one file")
    }

    @Test("the CI case: a fresh checkout (new paths, times, inodes) and only the cache restored re-encodes nothing")
    func freshCheckout() throws {
        let input = try Self.library()
        let cache = try Corpus.scratch("cache")
        let first = try TestBuild.run(input: input, cache: cache)
        let checkout = try Corpus.scratch("checkout")
        for album in ["a", "b"] {
            try Corpus.copy(try FileManager.default.contentsOfDirectory(at: input.appendingPathComponent(album), includingPropertiesForKeys: nil),
                            into: checkout, album: album)
        }
        let warm = try TestBuild.run(input: checkout, cache: cache)
        #expect(warm.summary.encodedFiles == 0 && warm.summary.built == 0, "\(warm.summary)")
        #expect(warm.summary.sourcesRead == 3, "each new file costs a hash")
        #expect(FolderTree.differences(try FolderTree.read(first.output), try FolderTree.read(warm.output)).isEmpty)
    }

    @Test("renaming or moving a photo reuses its encoded outputs under its new name")
    func rename() throws {
        let input = try Self.library()
        let first = try TestBuild.run(input: input)
        try FileManager.default.createDirectory(at: input.appendingPathComponent("c"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: input.appendingPathComponent("a/Storm.jpg"), to: input.appendingPathComponent("c/Thunder.jpg"))
        let moved = try TestBuild.run(input: input, output: first.output)
        #expect(moved.summary.encodedFiles == 0 && moved.summary.built == 0)
        let image = try moved.image("c/Thunder.jpg")
        #expect(image.variants.allSatisfy { $0.path.hasPrefix("c/_img/thunder-") })
        #expect(image.variants.allSatisfy { FileManager.default.fileExists(atPath: moved.url($0).path) })
        #expect(!FileManager.default.fileExists(atPath: first.output.appendingPathComponent("a/storm.html").path))
    }

    @Test("changing one format's quality re-encodes that format only; --force re-encodes everything")
    func settingChange() throws {
        let input = try Self.library()
        let first = try TestBuild.run(input: input)
        let allVariants = first.manifest.images.flatMap(\.variants)
        var config = SiteConfig()
        config.webp.quality = 70
        let changed = try TestBuild.run(input: input, config: config, output: first.output)
        let webp = allVariants.filter { $0.format == .webp && $0.role == .image }
        #expect(changed.summary.encodedFiles == webp.count, "\(changed.summary.encodedFiles) files for \(webp.count) WebP variants")
        // The dense screens' files are AVIF, with their own quality.
        let same = { (site: TestBuild) in Set(site.manifest.images.flatMap(\.variants).filter { $0.format == .jpeg || $0.role == .dense }.map(\.path)) }
        #expect(same(changed) == same(first), "JPEG and dense variants are the same files")
        let forced = try TestBuild.run(input: input, config: config, force: true, output: first.output)
        #expect(forced.summary.encodedFiles == allVariants.count && forced.summary.built == 3)
    }

    @Test("a damaged photo's warning comes back with every build that keeps it: no-op, and from the cache in a new folder")
    func warningsPersist() throws {
        let input = try Corpus.scratch("library")
        try Corpus.copy([Corpus.root.appendingPathComponent("bad/truncated.jpg"), Corpus.photo("nature/Storm.jpg")], into: input, album: "a")
        let cache = try Corpus.scratch("cache")
        let first = try TestBuild.run(input: input, cache: cache)
        #expect(first.summary.warnings.count == 1 && first.summary.warnings[0].hasPrefix("a/truncated.jpg: damaged file"))
        let noOp = try TestBuild.run(input: input, output: first.output, cache: cache)
        #expect(noOp.summary.built == 0 && noOp.summary.warnings == first.summary.warnings)
        let fromCache = try TestBuild.run(input: input, cache: cache)
        #expect(fromCache.summary.encodedFiles == 0 && fromCache.summary.warnings == first.summary.warnings)
        // Each build's line for the photo names the damage, not only its summary.
        for build in [noOp, fromCache] {
            #expect(build.events.contains { $0.hasPrefix("fresh a/truncated.jpg warning damaged file") }, "\(build.events)")
            #expect(build.events.contains("fresh a/Storm.jpg"))
        }
    }
}
