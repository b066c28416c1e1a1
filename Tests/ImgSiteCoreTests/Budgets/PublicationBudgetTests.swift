import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// The budget's prediction and the build publish the same files: both read
/// what each source publishes from `Publication`.
@Suite struct PublicationBudgetTests {
    @Test("downloads: original with a RAW file: the plan counts the JPEG the DNG offers, not the DNG, and files as built",
          .enabled(if: RawPreview.unavailable == nil, "needs libraw"))
    func rawOriginal() throws {
        let input = try Corpus.scratch("input")
        let album = input.appending(path: "trip")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Corpus.root.appending(path: "raw/tidepool.dng"), to: album.appending(path: "TidePool.dng"))
        try FileManager.default.copyItem(at: Corpus.photo("nature/Aqua.jpg"), to: album.appending(path: "aqua.jpg"))
        var config = SiteConfig()
        config.downloads = .original
        config.budgets.site = 1_000_000_000
        let output = try Corpus.scratch("site")
        let summary = try BuildPipeline(options: BuildOptions(
            input: input, output: output, config: config, jobs: 2, force: false, cacheFolder: try Corpus.scratch("cache"))).run()
        #expect(summary.failed.isEmpty && summary.built == 2)
        let built = OutputFolder(root: output).filesAndBytes(except: [OutputLock.fileName])
        let budget = try #require(summary.budget)
        let originals = try FileManager.default.subpathsOfDirectory(atPath: output.path).filter { $0.contains("-original.") }
        #expect(originals.count == 1 && originals[0].hasPrefix("trip/_img/aqua-original."), "only the JPEG is published as it is: \(originals)")
        #expect(budget.predictedFiles == built.files, "planned \(budget.predictedFiles) files, built \(built.files)")
        let error = Double(built.bytes) / Double(budget.predictedBytes) - 1
        #expect(abs(error) < 0.03, "planned \(budget.predictedBytes) bytes, built \(built.bytes)")
    }

    @Test("an animation's zip entry is predicted as its animated file, the file its page offers, not a JPEG")
    func animatedDownload() throws {
        let curve = EncodeCurve(pixels: 1024 * 683, bytes: 150_000, exponent: 0.7)
        let photo = BudgetPhoto(width: 480, height: 400, frames: 34, sourceBytes: 2_000_000, cost: 0)
        let predictor = SitePredictor(photos: [photo], costs: [["webp": curve, "jpeg": curve]], calibrated: (80, 80), layout: ThemeLayout(),
                                      pages: PageCount(albums: [0, 1], hasFeed: false))
        var config = SiteConfig()
        config.downloads = .largest
        config.albumZip = true
        let settings = ImageSettings(config: config, layout: ThemeLayout())
        let plan = settings.outputs(width: 480, height: 400, animation: SourceAnimation(delays: Array(repeating: 100, count: 34), loops: 0), phase: 0)
        guard case .file(let spec) = settings.publication(plan, fileFormat: nil).download else {
            Issue.record("an animation offers one of its files")
            return
        }
        #expect(spec.role == .image && spec.format == .webp)
        let animated = Int((2_000_000 * pow(Double(spec.width) / 480, 2)).rounded(.up))
        #expect(predictor.zipsEstimate(config).bytes == animated + SitePredictor.zipEntryBytes)
    }

    @Test("pages, feed, sitemap and zips are planned as the render step makes them: nested albums, a hidden one, an album of albums")
    func pagesAsRendered() throws {
        let input = try Corpus.scratch("input")
        let layout = ["trips/skye": ["nature/Aqua.jpg", "nature/Garden.jpg"], "trips/secret": ["nature/LadyBird.jpg"], "home": ["formats/tiny-88x64.jpg"]]
        for (album, photos) in layout {
            let folder = input.appending(path: album)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for photo in photos { try FileManager.default.copyItem(at: Corpus.photo(photo), to: folder.appending(path: (photo as NSString).lastPathComponent)) }
        }
        try "hidden: true\n".write(to: input.appending(path: "trips/secret/album.yml"), atomically: true, encoding: .utf8)
        var config = SiteConfig()
        config.baseURL = "https://example.com/"
        config.downloads = .largest
        config.albumZip = true
        config.budgets.site = 1_000_000_000
        let output = try Corpus.scratch("site")
        let summary = try BuildPipeline(options: BuildOptions(
            input: input, output: output, config: config, jobs: 2, force: false, cacheFolder: try Corpus.scratch("cache"))).run()
        #expect(summary.failed.isEmpty && summary.built == 4)
        let files = try FileManager.default.subpathsOfDirectory(atPath: output.path).filter { !$0.hasSuffix("/") && !$0.contains("_img") }
            .filter { !$0.hasPrefix(OutputLock.fileName) && FileManager.default.fileExists(atPath: output.appending(path: $0).path) }
        let pages = PageCount(BuildPipeline(options: try BuildOptions(input: input, output: output, config: config, jobs: 1, force: false)).pageOptions.pages,
                              root: try PlannedAlbum.plan(Scanner(input: input, excluded: [output]).scan(title: "t"), outputPath: ""))
        let zips = files.filter { $0.hasSuffix(".zip") }.count
        let nonImage = files.filter { ![".zip"].contains(where: $0.hasSuffix) && !isFolder(output.appending(path: $0)) }
        #expect(pages.zipAlbums == zips, "zips planned \(pages.zipAlbums), written \(zips): \(files)")
        #expect(pages.estimate(imageFiles: 0).files == nonImage.count, "pages planned \(pages), written \(nonImage.sorted())")
        let built = OutputFolder(root: output).filesAndBytes(except: [OutputLock.fileName])
        #expect(try #require(summary.budget).predictedFiles == built.files, "planned \(summary.budget!.predictedFiles) files, built \(built.files)")
    }

    private func isFolder(_ url: URL) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &folder) && folder.boolValue
    }

    @Test("under a whole-site budget each header is read once a build: planning's headers are the ones the images are made from")
    func headersReadOnce() throws {
        let input = try Corpus.scratch("input")
        let photos = ["nature/Aqua.jpg", "nature/Garden.jpg", "nature/LadyBird.jpg", "formats/tiny-88x64.jpg"]
        try Corpus.copy(photos.map(Corpus.photo), into: input, album: "a")
        try "budgets: { site: 1 GB }\n".write(to: input.appending(path: "imgsite.yml"), atomically: true, encoding: .utf8)
        let (output, cache) = (try Corpus.scratch("site"), try Corpus.scratch("cache"))
        func build() throws -> Int? {
            let run = try ImgsiteProcess.run(["build", input.path, "-o", output.path, "--cache-dir", cache.path], environment: ["IMGSITE_TRACE": "1"])
            #expect(run.status == 0, "\(run.errors)")
            return run.errors.firstMatch(of: /imgsite: headers read (\d+)/).flatMap { Int($0.1) }
        }
        #expect(try build() == photos.count, "clean: each photo's header once, planning's reused by its build")
        #expect(try build() == 0, "no-op: the plan is kept and no image is made")
    }
}
