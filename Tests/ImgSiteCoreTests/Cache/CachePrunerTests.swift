import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

@Suite struct CachePrunerTests {
    static func objectFiles(_ cache: URL) -> Set<String> {
        let enumerator = FileManager.default.enumerator(atPath: cache.appendingPathComponent("objects").path)
        return Set((enumerator?.allObjects as? [String] ?? []).filter { $0.contains(".") }.map { ($0 as NSString).lastPathComponent })
    }

    @Test("entries a build still uses stay; unused ones go after the retention time, with their files")
    func retention() throws {
        let input = try Corpus.scratch()
        try Corpus.copy([Corpus.photo("nature/Storm.jpg")], into: input, album: "a")
        let cache = try Corpus.scratch("cache")
        let first = try TestBuild.run(input: input, cache: cache)
        let firstWebP = Set(first.manifest.images.flatMap(\.stills).filter { $0.format == .webp }.map(\.path))  // not the dense files: their quality is their own
        var config = SiteConfig()
        config.webp.quality = 70
        let second = try TestBuild.run(input: input, config: config, output: first.output, cache: cache)
        let before = Self.objectFiles(cache)
        #expect(try CacheMaintenance.info(cacheFolder: cache).unreferencedVariants == firstWebP.count)

        let kept = try CacheMaintenance.prune(cacheFolder: cache, retentionDays: 30)
        #expect(kept.removedObjects == 0, "used today: kept for 30 days")
        let pruned = try CacheMaintenance.prune(cacheFolder: cache, retentionDays: 0)
        #expect(pruned.removedObjects == firstWebP.count)
        #expect(Self.objectFiles(cache).count == before.count - firstWebP.count)
        let third = try TestBuild.run(input: input, config: config, output: second.output, cache: cache)
        #expect(third.summary.encodedFiles == 0, "what the output folder uses is still there")
    }

    @Test("a deleted output folder is forgotten, and what only it used can go")
    func deletedOutput() throws {
        let input = try Corpus.scratch()
        try Corpus.copy([Corpus.photo("formats/tiny-88x64.jpg")], into: input, album: "a")
        let cache = try Corpus.scratch("cache")
        let site = try TestBuild.run(input: input, cache: cache)
        try FileManager.default.removeItem(at: site.output)
        let report = try CacheMaintenance.prune(cacheFolder: cache, retentionDays: 0)
        #expect(report.forgottenOutputFolders == [site.output.resolvingSymlinksInPath().path])
        #expect(Self.objectFiles(cache).isEmpty && report.removedObjects > 0)
    }

    @Test("an object with no entry (a killed build's) goes once a day old; a new one stays")
    func orphans() throws {
        let cache = try Corpus.scratch("cache")
        let store = try BuildStore(folder: cache, root: URL(fileURLWithPath: "/"))
        let objects = ObjectStore(cacheFolder: cache)
        try objects.put([(Data([1, 2, 3]), "aa-old.jpg"), (Data([4, 5, 6]), "bb-new.jpg")])
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -2 * 86_400)], ofItemAtPath: objects.url("aa-old.jpg").path)
        let pruner = CachePruner(store: store, objects: objects)
        #expect(try pruner.pruneIfDue() == nil, "a cache never pruned starts its day now")
        #expect(objects.exists("aa-old.jpg"))
        #expect(try pruner.prune().removedObjects == 1)
        #expect(!objects.exists("aa-old.jpg") && objects.exists("bb-new.jpg"))
        #expect(try pruner.pruneIfDue() == nil, "pruned a moment ago")
        #expect(try pruner.pruneIfDue(now: BuildStore.now + 2 * 86_400) != nil)
    }

    @Test("a RAW file's preview goes once it is older than the retention time; a recent one stays")
    func rawPreviews() throws {
        let cache = try Corpus.scratch("cache")
        let store = try BuildStore(folder: cache, root: URL(fileURLWithPath: "/"))
        let objects = ObjectStore(cacheFolder: cache)
        let previews = CacheFolder(cache).rawPreviews
        try FileManager.default.createDirectory(at: previews, withIntermediateDirectories: true)
        for name in ["old.jpg", "new.jpg"] { try Data([0xFF, 0xD8]).write(to: previews.appending(path: name)) }
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -31 * 86_400)],
                                              ofItemAtPath: previews.appending(path: "old.jpg").path)
        #expect(try CachePruner(store: store, objects: objects).prune().removedObjects == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: previews.path) == ["new.jpg"])
    }
}
