import Foundation
import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// The same input gives the same bytes, however the work is split: one
/// worker, two workers, or one image encoded on two lanes (`imgsite watch`
/// after one photo is saved); and wherever the folders are.
@Suite struct ReproducibleBuildTests {
    @Test("--jobs 1, --jobs 2 and one image on two lanes give byte-identical trees, in different folders")
    func sameBytes() throws {
        let input = try Corpus.scratch("library")
        try Corpus.copy(["large/string.jpg", "nature/Storm.jpg", "formats/transparent.png"].map(Corpus.photo), into: input, album: "a")
        let alone = try Corpus.scratch("alone")
        try Corpus.copy([Corpus.photo("large/string.jpg")], into: alone, album: "a")

        func build(_ input: URL, jobs: Int) throws -> [String: Data] {
            let output = try Corpus.scratch("site")
            let run = try ImgsiteProcess.run(
                ["build", input.path, "-o", output.path, "--jobs", String(jobs)], environment: ["IMGSITE_CACHE_DIR": try Corpus.scratch("cache").path])
            #expect(run.status == 0, "\(run.errors)")
            return try FolderTree.read(output)
        }
        let one = try build(input, jobs: 1)
        let two = try build(input, jobs: 2)
        #expect(FolderTree.differences(one, two).isEmpty, "\(FolderTree.differences(one, two).prefix(5))")
        // Nothing of the machine, the user or the moment: no absolute path,
        // home, user or host name, and no date of today in any file.
        let today = ISO8601DateFormatter.string(from: Date(), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
        // The user's name as it leaks, in a path or an address: alone it may be a word pages use ("root" in CSS's :root).
        let traces = [input.path, NSHomeDirectory(), "/tmp/", "/\(NSUserName())/", "\(NSUserName())@", ProcessInfo.processInfo.hostName, today]
            .filter { $0.count >= 4 && $0 != "localhost" }
        for (path, data) in one {
            for trace in traces { #expect(data.range(of: Data(trace.utf8)) == nil, "\(path) holds '\(trace)'") }
        }
        #expect(one.keys.contains { $0.hasSuffix(".webp") && $0.contains("string-") })

        // One photo alone on two workers is encoded on two lanes: its files
        // must be those the full build made.
        let lanes = try build(alone, jobs: 2)
        let variants = lanes.filter { $0.key.contains("/_img/") }
        #expect(!variants.isEmpty)
        for (path, data) in variants { #expect(one[path] == data, "\(path) differs when built on two lanes") }
    }
}
