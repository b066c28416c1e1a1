import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing

/// `--shard i/n` and `--merge`: n shards merged are the single-machine site, byte for byte.
@Suite struct ShardTests {
    static func library() throws -> URL {
        let input = try Corpus.scratch("library")
        try Corpus.copy(["nature/Storm.jpg", "nature/LadyBird.jpg", "nature/Wood.jpg", "orientation/Landscape_6.jpg",
                         "animated/iss634.gif"].map(Corpus.photo), into: input, album: "a")
        try Corpus.copy(["formats/transparent.png", "large/string.jpg"].map(Corpus.photo), into: input, album: "b")
        try Corpus.copy(["bad/corrupted.jpg", "bad/truncated.jpg"].map { Corpus.root.appendingPathComponent($0) }, into: input, album: "bad")
        return input
    }

    static func build(_ input: URL, mode: BuildMode, output: URL, cache: URL? = nil) throws -> (BuildSummary, EventLog) {
        let cache = try cache ?? Corpus.scratch("cache")
        var options = try BuildOptions(input: input, output: output, config: SiteConfig(), jobs: 2, force: false, cacheFolder: cache)
        options.mode = mode
        let log = EventLog()
        return (try BuildPipeline(options: options, observe: log.record).run(), log)
    }

    @Test("3 shards merged equal one machine's build byte for byte; a bad image is reported, the rest publishes")
    func mergedEqualsSingle() throws {
        let input = try Self.library()
        let single = try Corpus.scratch("single")
        let (alone, _) = try Self.build(input, mode: .site, output: single)
        var shards: [URL] = []
        var counts: [Int] = []
        for index in 1...3 {
            let folder = try Corpus.scratch("shard")
            let (summary, _) = try Self.build(input, mode: .shard(Shard(index: index, count: 3)!), output: folder)
            counts.append(summary.built + summary.failed.count)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(ShardManifest.fileName).path))
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("index.html").path), "a shard writes no pages")
            shards.append(folder)
        }
        #expect(counts.reduce(0, +) == 9, "every image on exactly one shard: \(counts)")
        let merged = try Corpus.scratch("merged")
        let cache = try Corpus.scratch("cache")
        let (summary, log) = try Self.build(input, mode: .merge(shards), output: merged, cache: cache)
        #expect(summary.built == 0 && summary.encodedFiles == 0, "the merge encodes nothing")
        #expect(summary.failed.map(\.path) == ["bad/corrupted.jpg"] && summary.failed[0].reason.contains("(on shard "))
        #expect(summary.warnings.count == alone.warnings.count && summary.upToDate == 8)
        #expect(log.lines.contains { $0.hasPrefix("failed bad/corrupted.jpg") })
        let (a, b) = (try FolderTree.read(single), try FolderTree.read(merged))
        #expect(FolderTree.differences(a, b).isEmpty, "\(FolderTree.differences(a, b).prefix(5))")
        #expect(a.keys.contains("a/index.html") && a.keys.contains { $0.hasSuffix(".gif") })
        // The merged folder builds on as a normal site: nothing to do.
        let (again, _) = try Self.build(input, mode: .site, output: merged, cache: cache)
        #expect(again.built == 0 && again.sourcesRead == again.failed.count, "only the failed file is tried again")
    }

    @Test("a merge refuses a missing shard, shards of two splits, and other settings")
    func refusals() throws {
        let input = try Self.library()
        func shard(_ index: Int, of count: Int, config: SiteConfig = SiteConfig()) throws -> URL {
            let folder = try Corpus.scratch("shard")
            var options = try BuildOptions(input: input, output: folder, config: config, jobs: 2, force: false, cacheFolder: try Corpus.scratch("cache"))
            options.mode = .shard(Shard(index: index, count: count)!)
            _ = try BuildPipeline(options: options).run()
            return folder
        }
        let (one, two) = (try shard(1, of: 2), try shard(2, of: 2))
        var webp = SiteConfig()
        webp.webp.quality = 70
        let cases: [([URL], String)] = [
            ([one], "is missing shard 2/2"),
            ([one, two, try shard(3, of: 3)], "not of the same split into 2"),
            ([one, try shard(2, of: 2, config: webp)], "other settings"),
            ([one, one], "more than once"),
            ([one, input], "is not a shard manifest"),
        ]
        for (folders, words) in cases {
            #expect(throws: BuildError.self) { _ = try Self.build(input, mode: .merge(folders), output: try Corpus.scratch("merged")) }
            do {
                _ = try Self.build(input, mode: .merge(folders), output: try Corpus.scratch("merged"))
            } catch {
                #expect("\(error)".contains(words), "\(error)")
            }
        }
    }

    @Test("the shard key follows content, not name; shards parse as i/n")
    func keys() throws {
        let folder = try Corpus.scratch("keys")
        let original = Corpus.photo("nature/Storm.jpg")
        let renamed = folder.appendingPathComponent("elsewhere.jpg")
        try FileManager.default.copyItem(at: original, to: renamed)
        #expect(try Shard.key(of: original.path) == Shard.key(of: renamed.path))
        #expect(try Shard.key(of: original.path) != Shard.key(of: Corpus.photo("nature/Wood.jpg").path))
        #expect(Shard("2/4") == Shard(index: 2, count: 4) && Shard("0/4") == nil && Shard("5/4") == nil && Shard("2") == nil && Shard("a/b") == nil)
        let owners = (1...4).filter { Shard(index: $0, count: 4)!.owns(key: 4242) }
        #expect(owners.count == 1)
    }
}
