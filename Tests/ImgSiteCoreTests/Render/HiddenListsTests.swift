import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// A hidden photo, and a hidden album's photos, are named by no public
/// file but their own (#66 ask 3): not the manifest, sitemap, feed, zips,
/// covers or other pages' share tags.
@Suite struct HiddenListsTests {
    @Test("a hidden photo and a hidden album: only their own pages and files name them")
    func onlyTheirOwn() throws {
        let input = try Corpus.scratch("input")
        try Corpus.copy(["nature/Storm.jpg", "nature/Wood.jpg", "cameras/DSCN0010.jpg"].map(Corpus.photo), into: input, album: "trip")
        try "caption: do not show this caption\nhidden: true\n".write(to: input.appending(path: "trip/DSCN0010.jpg.yml"), atomically: true, encoding: .utf8)
        try Corpus.copy(["nature/Dune.jpg"].map(Corpus.photo), into: input, album: "trip/backstage")
        try "hidden: true\ndescription: the crew only\n".write(to: input.appending(path: "trip/backstage/album.yml"), atomically: true, encoding: .utf8)
        try "caption: a hidden album's caption\n".write(to: input.appending(path: "trip/backstage/Dune.jpg.yml"), atomically: true, encoding: .utf8)
        var config = SiteConfig()
        config.baseURL = "https://example.com/"
        config.albumZip = true
        config.downloads = .largest
        let build = try TestBuild.run(input: input, config: config)
        #expect(build.summary.failed.isEmpty && build.summary.built == 4)
        #expect(Set(build.manifest.images.map(\.source)) == ["trip/Storm.jpg", "trip/Wood.jpg"])

        // Their own: the hidden photo's page and files, everything under the hidden album's folder.
        let own = { (path: String) in path == "trip/dscn0010.html" || path.hasPrefix("trip/_img/dscn0010-") || path.hasPrefix("trip/backstage/") }
        let files = try PrivateAlbumTests.files(build.output).filter { !own($0.path) }
        #expect(files.contains { $0.path == "manifest.json" } && files.contains { $0.path.hasSuffix(".zip") })
        for secret in ["do not show this caption", "dscn0010", "DSCN0010", "COOLPIX", "backstage", "the crew only", "a hidden album's caption", "dune"] {
            let found = files.filter { $0.data.firstRange(of: Data(secret.utf8)) != nil }.map(\.path)
            #expect(found.isEmpty, "\(secret) in \(found)")
        }
        // The zip holds the shown photos alone.
        let zip = try #require(files.first { $0.path.hasSuffix(".zip") })
        #expect(zip.data.firstRange(of: Data("Storm".utf8)) != nil && zip.data.firstRange(of: Data("Wood".utf8)) != nil)
        // Their own pages are there, reachable by their links.
        let page = try String(contentsOf: build.output.appending(path: "trip/dscn0010.html"), encoding: .utf8)
        #expect(page.contains("do not show this caption"))
        #expect(FileManager.default.fileExists(atPath: build.output.appending(path: "trip/backstage/index.html").path))
    }
}
