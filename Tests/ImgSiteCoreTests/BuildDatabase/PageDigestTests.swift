import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// Pages whose inputs have not changed are neither rendered nor read; a
/// change re-renders exactly the pages that show it.
@Suite struct PageDigestTests {
    /// Album "a": three photos in name order (no capture dates), so the
    /// middle one is neither the cover nor the first or last.
    static func library() throws -> URL {
        let input = try Corpus.scratch("library")
        let names = [("nature/Storm.jpg", "1.jpg"), ("formats/tiny-88x64.jpg", "2.jpg"), ("nature/Dune.jpg", "3.jpg")]
        let album = input.appendingPathComponent("a")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        for (source, name) in names { try FileManager.default.copyItem(at: Corpus.photo(source), to: album.appendingPathComponent(name)) }
        try Corpus.copy([Corpus.photo("formats/gray.jpg")], into: input, album: "b")
        return input
    }

    @Test("a no-op renders no page and reads no page")
    func noOp() throws {
        let input = try Self.library()
        let first = try TestBuild.run(input: input)
        #expect(first.summary.pagesRendered == first.manifest.pages.count)
        let second = try TestBuild.run(input: input, output: first.output)
        #expect(second.summary.pagesRendered == 0 && second.summary.pagesWritten == 0)
    }

    @Test("every page option, changed alone, renders the pages again and gives a clean build's site", arguments: [
        "title", "base_url", "photo_details", "downloads", "album_zip",
    ])
    func pageOption(_ option: String) throws {
        let input = try Self.library()
        var config = SiteConfig()
        let first = try TestBuild.run(input: input, config: config)
        switch option {
        case "title": config.title = "Another title"
        case "base_url": config.baseURL = "https://example.org/"
        case "photo_details": config.photoDetails = false
        case "downloads": config.downloads = .largest
        default: (config.downloads, config.albumZip) = (.largest, true)
        }
        let changed = try TestBuild.run(input: input, config: config, output: first.output)
        #expect(changed.summary.pagesRendered > 0 && changed.summary.pagesWritten > 0, "\(option): no page rendered again")
        let clean = try TestBuild.run(input: input, config: config)
        #expect(try FolderTree.differences(FolderTree.read(clean.output), FolderTree.read(changed.output)) == [], "\(option)")
        // The renderer's options are the digest's: one value, every field of it in the text hashed.
        let labels = Mirror(reflecting: PageOptions(siteTitle: "S", layout: ThemeLayout())).children.compactMap(\.label)
        #expect(labels.count >= 7 && labels.allSatisfy { "\(PageOptions(siteTitle: "S", layout: ThemeLayout()))".contains("\($0):") })
    }

    @Test("changing one photo re-renders its own page, the page before it (which preloads it) and its album's grid, nothing else")
    func onePhoto() throws {
        let input = try Self.library()
        let first = try TestBuild.run(input: input)
        let before = try FolderTree.read(first.output)
        let photo = input.appendingPathComponent("a/2.jpg")
        try FileManager.default.removeItem(at: photo)
        try FileManager.default.copyItem(at: Corpus.photo("formats/cmyk.jpg"), to: photo)
        let changed = try TestBuild.run(input: input, output: first.output)
        #expect(changed.summary.built == 1 && changed.summary.upToDate == 3)
        #expect(changed.summary.pagesRendered == 3, "a/1.html, a/2.html and a/index.html; got \(changed.summary.pagesRendered)")
        let after = try FolderTree.read(changed.output)
        let differing = Set(after.keys).filter { $0.hasSuffix(".html") && before[$0] != after[$0] }
        #expect(differing == ["a/1.html", "a/2.html", "a/index.html"])
    }

    @Test("changing a template rebuilds HTML only: no photo read, nothing encoded")
    func template() throws {
        let input = try Self.library()
        let first = try TestBuild.run(input: input)
        let templates = input.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let photoTemplate = try #require(DefaultTheme.files["photo"])
        try (photoTemplate + "\n<!-- edited -->").write(to: templates.appendingPathComponent("photo.mustache"), atomically: true, encoding: .utf8)
        let edited = try TestBuild.run(input: input, output: first.output)
        #expect(edited.summary.sourcesRead == 0 && edited.summary.encodedFiles == 0 && edited.summary.built == 0)
        // Every page is rendered again (the templates are an input of all);
        // only photo pages come out different and are written.
        #expect(edited.summary.pagesRendered == first.manifest.pages.count)
        #expect(edited.summary.pagesWritten == 4, "the 4 photo pages")
    }

    @Test("a broken template stops the build, naming the file, before any image is processed")
    func brokenTemplate() throws {
        let input = try Self.library()
        let templates = input.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try "<h1>{{#photos}}{{title}}</h1>".write(to: templates.appendingPathComponent("photo.mustache"), atomically: true, encoding: .utf8)
        let output = try Corpus.scratch("site")
        let cache = output.deletingLastPathComponent().appendingPathComponent("broken.cache")
        Scratch.register(cache)
        let options = try BuildOptions(input: input, output: output, config: SiteConfig(), jobs: 2, force: false, cacheFolder: cache)
        let log = EventLog()
        #expect {
            _ = try BuildPipeline(options: options, observe: log.record).run()
        } throws: { error in
            "\(error)".contains("templates/photo.mustache:1:") && "\(error)".contains("opened and never closed")
        }
        #expect(!log.lines.contains { $0.hasPrefix("built") || $0.hasPrefix("processing") }, "\(log.lines)")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("a/_img").path))
    }
}
