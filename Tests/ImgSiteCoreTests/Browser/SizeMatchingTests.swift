import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// Decoded pixels against painted device pixels in Chromium, on an album
/// page and photo pages of the corpus (`OverDecode`). `make test` checks a
/// sample of viewports; `make browser-report` measures the whole range and
/// prints the README's table.
@Suite(.tags(.browser), .serialized) struct SizeMatchingTests {
    static let albums = ["nature", "orientation", "cameras", "large"]

    /// Phones, tablets and desktops, at densities from 1 to 3, none of them a band edge.
    static let sample: [OverDecode.Viewport] = [
        .init(width: 360, height: 780, density: 3), .init(width: 412, height: 915, density: 2.625),
        .init(width: 820, height: 1180, density: 2), .init(width: 1366, height: 768, density: 1),
        .init(width: 1536, height: 864, density: 1.25), .init(width: 2560, height: 1440, density: 2),
    ]

    /// The report's grid: 320 to 2560 CSS px × 1x to 3x.
    static let grid: [OverDecode.Viewport] = [320, 360, 390, 414, 480, 600, 768, 1024, 1280, 1366, 1440, 1680, 1920, 2560].flatMap { width in
        [1, 1.5, 2, 3].map { OverDecode.Viewport(width: width, height: width < 700 ? 800 : 900, density: $0) }
    }

    @Test("at a sample of viewports: median ≤ 1.3×, p90 ≤ 2×, ≤ 5 % upscaled; sizes is the CSS width; dense files on 2x+")
    func sample() async throws {
        let site = try Self.site()
        let report = try await Self.measure(site, at: ProcessInfo.processInfo.environment["IMGSITE_BROWSER_REPORT"] == nil ? Self.sample : Self.grid)
        let all = OverDecode.Summary(report.flatMap(\.samples))
        #expect(all.images > 100)
        #expect(all.median <= 1.3, "median \(all.median)")
        #expect(all.p90 <= 2, "p90 \(all.p90)")
        #expect(all.upscaled <= 0.05, "upscaled \(all.upscaled)")
        let denseScreens = report.filter { $0.viewport.density >= Double(DenseScreens.density) }.flatMap(\.samples)
        #expect(Double(denseScreens.filter(\.dense).count) > 0.8 * Double(denseScreens.count), "2x+ screens mostly take dense files")
        for (viewport, page, samples) in report {
            // Screens of 2x and more take from the files listed for them, the others never take a dense file.
            let (chosen, dense) = (samples.filter(\.denseChoice).count, samples.filter(\.dense).count)
            if viewport.density >= Double(DenseScreens.density) {
                // A photo page of a large photo may take only usual files wider than every dense one.
                #expect(chosen == samples.count, "\(viewport) \(page): \(chosen) of \(samples.count) images from the dense screens' source")
            } else {
                #expect(dense == 0, "\(viewport) \(page): \(dense) dense files on a \(viewport.density)x screen")
            }
            for error in samples.compactMap(\.sizesError) {
                #expect(abs(error) <= 1.5, "\(viewport) \(page): sizes is \(error) CSS px off the painted width")  // naturalWidth is whole px
            }
        }
        if let path = ProcessInfo.processInfo.environment["IMGSITE_BROWSER_REPORT"] {
            let table = Self.table(report)
            try table.write(toFile: path, atomically: true, encoding: .utf8)
            print(table)
        }
    }

    /// The corpus albums, built once per run.
    static func site() throws -> TestBuild {
        let input = try Corpus.scratch("size-matching-in")
        for album in albums {
            let folder = Corpus.root.appendingPathComponent("photos/\(album)")
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { folder.appendingPathComponent($0) }
            try Corpus.copy(files, into: input, album: album)
        }
        // The front page's hero, and a story long enough to stand beside the rows (and fold on phones).
        try "cover: nature/LadyBird.jpg\n".write(to: input.appendingPathComponent("album.yml"), atomically: true, encoding: .utf8)
        let story = (1...3).map { "Paragraph \($0) of a story told at some length, about the cameras and the light they saw that day." }
        try "description: |\n  \(story.joined(separator: "\n\n  "))\n".write(
            to: input.appendingPathComponent("cameras/album.yml"), atomically: true, encoding: .utf8)
        return try TestBuild.run(input: input)
    }

    typealias Report = [(viewport: OverDecode.Viewport, page: String, samples: [OverDecode.Sample])]

    /// Every album page and its first two photo pages, and the front page (a hero and cards), at each viewport.
    static func measure(_ site: TestBuild, at viewports: [OverDecode.Viewport]) async throws -> Report {
        let pages = try albums.flatMap { album in
            let html = try String(contentsOf: site.output.appendingPathComponent("\(album)/index.html"), encoding: .utf8)
            let photos = html.components(separatedBy: "<li class=\"cell\"").dropFirst().prefix(2).map { $0.components(separatedBy: "<a href=\"")[1].prefix { $0 != "\"" } }
            return ["\(album)/index.html"] + photos.map { "\(album)/\($0)" }
        } + ["index.html"]
        return try await WebDriver.session { browser in
            var report: Report = []
            for viewport in viewports {
                for page in pages {
                    let samples = try await OverDecode.measure(browser, page: site.output.appendingPathComponent(page), at: viewport, site: site)
                    report.append((viewport, page, samples))
                }
            }
            return report
        }
    }

    /// The README's table: one row per viewport width, one column per density.
    static func table(_ report: Report) -> String {
        let densities = Array(Set(report.map(\.viewport.density))).sorted()
        let widths = Array(Set(report.map(\.viewport.width))).sorted()
        var lines = ["| viewport | " + densities.map { "\($0.formatted())x" }.joined(separator: " | ") + " |",
                     "|---" + String(repeating: "|---", count: densities.count) + "|"]
        for width in widths {
            let cells = densities.map { density in
                let summary = OverDecode.Summary(report.filter { $0.viewport.width == width && $0.viewport.density == density }.flatMap(\.samples))
                return String(format: "%.2f / %.2f", summary.median, summary.p90) + (summary.upscaled > 0 ? String(format: " (%.0f %% up)", summary.upscaled * 100) : "")
            }
            lines.append("| \(width) | " + cells.joined(separator: " | ") + " |")
        }
        let all = OverDecode.Summary(report.flatMap(\.samples))
        lines.append("")
        lines.append(String(format: "All %d images in view: median %.2f×, p90 %.2f×, upscaled %.1f %%; %d painted wider than their source (left out of the ratios).",
                            all.images, all.median, all.p90, all.upscaled * 100, all.sourceLimited))
        return lines.joined(separator: "\n") + "\n"
    }
}
