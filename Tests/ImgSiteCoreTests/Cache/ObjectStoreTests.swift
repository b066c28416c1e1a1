import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

@Suite struct ObjectStoreTests {
    @Test("objects are grouped in 16 folders by the key's first digit; an existing one is kept")
    func layout() throws {
        let cache = try Corpus.scratch("cache")
        let objects = ObjectStore(cacheFolder: cache)
        try objects.put([(Data([1, 2, 3]), "ab12.jpg"), (Data([4]), "c7ff.webp")])
        #expect(FileManager.default.contents(atPath: cache.appendingPathComponent("objects/a/ab12.jpg").path) == Data([1, 2, 3]))
        #expect(FileManager.default.contents(atPath: cache.appendingPathComponent("objects/c/c7ff.webp").path) == Data([4]))
        #expect(objects.exists("ab12.jpg") && objects.exists("c7ff.webp"))
        try objects.put([(Data([9]), "ab12.jpg")])
        #expect(FileManager.default.contents(atPath: objects.url("ab12.jpg").path) == Data([1, 2, 3]))
        let folder = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("objects/a").path)
        #expect(folder == ["ab12.jpg"], "no temporary file is left")
    }

    @Test("a cache from before (256 folders by two digits) is regrouped when its database is opened, once")
    func regroup() throws {
        let cache = try Corpus.scratch("cache")
        let objects = cache.appendingPathComponent("objects")
        let old = ["ab/ab12.jpg": Data([1]), "ab/ab34.webp": Data([2]), "c7/c7ff.avif": Data([3])]
        for (path, data) in old {
            let url = objects.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        _ = try BuildStore(folder: cache, root: URL(fileURLWithPath: "/"))
        let store = ObjectStore(cacheFolder: cache)
        for (path, data) in old {
            let name = (path as NSString).lastPathComponent
            #expect(store.exists(name) && FileManager.default.contents(atPath: store.url(name).path) == data, "\(name)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: objects.path).sorted() == ["a", "c"])
        // Recorded as done: the next open walks no folder.
        let late = objects.appendingPathComponent("ab/ab56.jpg")
        try FileManager.default.createDirectory(at: late.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data([4]).write(to: late)
        _ = try BuildStore(folder: cache, root: URL(fileURLWithPath: "/"))
        #expect(FileManager.default.fileExists(atPath: late.path) && !store.exists("ab56.jpg"))
    }
}
