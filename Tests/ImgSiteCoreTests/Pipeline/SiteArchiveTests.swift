import Foundation
import Testing

/// `--archive`: two builds of the same photos in different folders give the
/// same archive bytes, and the archive unpacks to the site.
@Suite struct SiteArchiveTests {
    @Test("byte-identical archives from two folders; sorted, owner 0, time 0, unpacks to the site")
    func deterministic() throws {
        let input = try Corpus.scratch("library")
        try Corpus.copy(["nature/Storm.jpg", "formats/tiny-88x64.jpg"].map(Corpus.photo), into: input, album: "a b")
        var archives: [Data] = []
        var site = URL(fileURLWithPath: "/")
        for _ in 0..<2 {
            site = try Corpus.scratch("site")
            let archive = try Corpus.scratch("out").appendingPathComponent("site.tar.gz")
            let run = try ImgsiteProcess.run(["build", input.path, "-o", site.path, "--archive", archive.path],
                                             environment: ["IMGSITE_CACHE_DIR": try Corpus.scratch("cache").path])
            #expect(run.status == 0, "\(run.errors)")
            archives.append(try Data(contentsOf: archive))
        }
        #expect(archives[0] == archives[1], "the same site gives the same archive")
        #expect(archives[0].prefix(10) == Data([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 2, 3]), "gzip header without name or time")

        let archive = try Corpus.scratch("check").appendingPathComponent("site.tar.gz")
        try archives[0].write(to: archive)
        let listing = try Self.tar(["-tzvf", archive.path])
        let rows = listing.split(separator: "\n")
        #expect(rows.allSatisfy { $0.contains(" 0/0 ") && $0.contains("1970-01-01") }, "\(rows.prefix(3))")
        let names = try Self.tar(["-tzf", archive.path]).split(separator: "\n").map(String.init)
        #expect(names == names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) } && !names.contains(".imgsite.lock"))
        let unpacked = try Corpus.scratch("unpacked")
        _ = try Self.tar(["-xzf", archive.path, "-C", unpacked.path])
        let differences = FolderTree.differences(try FolderTree.read(site), try FolderTree.read(unpacked))
        #expect(differences.isEmpty, "\(differences.prefix(5))")
    }

    static func tar(_ arguments: [String]) throws -> String {
        let run = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/tar"), arguments, environment: ["TZ": "UTC", "LC_ALL": "C"])
        return String(decoding: run.output, as: UTF8.self)
    }
}
