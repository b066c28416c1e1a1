import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// Camera RAW files shown through their embedded previews (libraw): turned
/// upright, dated and captioned from the RAW's metadata, no GPS or serial
/// in any output; a RAW beside its JPEG is a pair and the JPEG wins.
@Suite struct RawFilesTests {
    /// `trip/`: a DNG (portrait by its orientation, with GPS and serials),
    /// a JPEG and a RAW file of the same name, a damaged CR2; `raw-only/`: a DNG.
    static func library() throws -> URL {
        let input = try Corpus.scratch("input")
        let trip = input.appending(path: "trip"), rawOnly = input.appending(path: "raw-only")
        for folder in [trip, rawOnly] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let dng = Corpus.root.appending(path: "raw/tidepool.dng")
        try FileManager.default.copyItem(at: dng, to: trip.appending(path: "TidePool.DNG"))
        try FileManager.default.copyItem(at: Corpus.photo("nature/Wood.jpg"), to: trip.appending(path: "Wood.jpg"))
        try FileManager.default.copyItem(at: dng, to: trip.appending(path: "Wood.NEF"))
        try Data("not a raw file".utf8).write(to: trip.appending(path: "broken.CR2"))
        try FileManager.default.copyItem(at: dng, to: rawOnly.appending(path: "pool.dng"))
        return input
    }

    @Test("a DNG is built from its preview: upright, captioned, dated, with its camera; its GPS and serials reach nothing")
    func preview() throws {
        try #require(RawPreview.unavailable == nil, "libraw is needed: \(RawPreview.unavailable ?? "")")
        var config = SiteConfig()
        config.baseURL = "https://example.org/"
        let build = try TestBuild.run(input: Self.library(), config: config)
        #expect(build.summary.built + build.summary.upToDate == 3, "TidePool.DNG, Wood.jpg, raw-only/pool.dng: \(build.events)")
        let broken = try #require(build.summary.failed.first)
        #expect(build.summary.failed.count == 1 && broken.path == "trip/broken.CR2" && broken.reason.hasPrefix("is a RAW file imgsite cannot show: libraw cannot read it"),
                "\(broken)")
        let image = try build.image("trip/TidePool.DNG")
        #expect(image.width == 800 && image.height == 1280, "turned upright by the RAW's orientation: \(image.width)×\(image.height)")
        #expect(image.metadata.caption == "Tide pools at dawn" && image.metadata.captureDate == "2024-05-01T14:03:22")
        #expect(image.metadata.details?.camera == "Imgsite Test DNG" && image.metadata.details?.exposure == "1/250 s")
        let page = try AlbumFileSiteTests.page(build, "trip/tidepool.html")
        #expect(page.contains("Tide pools at dawn") && page.contains("<h1>TidePool</h1>"))
        // The pair: the JPEG is published, the RAW file said as skipped.
        let pair = try #require(build.summary.skipped.first { $0.relativePath == "trip/Wood.NEF" })
        #expect(pair.kind == .raw && pair.reason.contains("beside Wood.jpg"))
        #expect(try build.image("trip/Wood.jpg").metadata.captionSource == CaptionSource.none)
        #expect(FileManager.default.fileExists(atPath: build.output.appending(path: "raw-only/pool.html").path), "a folder of RAW files is an album")
        // Nothing of the GPS directory or the serial numbers anywhere.
        let files = try FileManager.default.subpathsOfDirectory(atPath: build.output.path).map { build.output.appending(path: $0) }
            .filter { !$0.hasDirectoryPath && ["jpg", "webp", "avif", "html", "json", "xml"].contains($0.pathExtension) }
        for file in files {
            let data = try Data(contentsOf: file)
            #expect(data.firstRange(of: Data("4815162342".utf8)) == nil && data.firstRange(of: Data("BODY-0042".utf8)) == nil, "\(file.lastPathComponent)")
        }
        let tags = try ExifTool.tags(of: files.filter { $0.pathExtension == "jpg" })
        #expect(tags.values.allSatisfy { $0.keys.allSatisfy { !$0.hasPrefix("GPS") } })
    }

    @Test("a no-op build reads no RAW file again; raw: skip leaves every RAW file out, saying so")
    func rebuildAndSkip() throws {
        try #require(RawPreview.unavailable == nil, "libraw is needed: \(RawPreview.unavailable ?? "")")
        let input = try Self.library()
        let first = try TestBuild.run(input: input)
        let again = try TestBuild.run(input: input, output: first.output)
        // Only the damaged CR2 is tried again (a failure always is).
        #expect(again.summary.built == 0 && again.summary.upToDate == 3 && again.summary.sourcesRead <= 1 && again.summary.encodedFiles == 0,
                "\(again.summary.sourcesRead) read")
        var config = SiteConfig()
        config.raw = .skip
        let skipped = try TestBuild.run(input: input, config: config)
        #expect(skipped.summary.built == 1 && skipped.summary.failed.isEmpty)
        #expect(skipped.summary.skipped.filter { $0.kind == .raw }.count == 4)
        #expect(skipped.summary.siteWarnings.contains { $0.hasPrefix("raw-only: no photos to show, only skipped files (1 RAW); a camera RAW file; raw: skip") },
                "\(skipped.summary.siteWarnings)")
    }
}
