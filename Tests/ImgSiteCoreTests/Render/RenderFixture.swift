import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning

/// A planned site and processed images made up in memory, so rendered
/// HTML is exact and independent of libvips' encoders.
enum RenderFixture {
    static func image(_ source: String, width: Int, height: Int, folder: String, slug: String,
                      date: String? = nil, caption: String? = nil) -> ProcessedImage {
        let widths = WidthPlanner(layout: ThemeLayout(), policy: .auto, maxWidth: 3840).widths(sourceWidth: width, sourceHeight: height)
        let variants = widths.flatMap { w in
            [(OutputFormat.webp, VariantRole.image), (.jpeg, .image), (.avif, .dense)].map { format, role in
                let suffix = role == .dense ? "-dense" : ""
                return Variant(path: "\(folder)/\(slug)-\(w)\(suffix).0123abcd.\(format.fileExtension)", format: .image(format), width: w,
                               height: Int((Double(height) * Double(w) / Double(width)).rounded()), bytes: w * 10, role: role)
            }
        }
        let sample = PixelSample(width: 2, height: 1, rgba: [200, 100, 50, 255, 10, 20, 30, 255])
        return ProcessedImage(
            source: source, sourceBytes: 1000, width: width, height: height,
            hasAlpha: false, variants: variants, placeholder: GridPlaceholder().make(sample),
            metadata: KeptMetadata(captureDate: date, caption: caption), warnings: [])
    }

    static func site(albumName: String = "Summer 2024", photoNames: [String] = ["b.jpg", "a.jpg", "c 10.jpg", "c 9.jpg"])
        -> (PlannedAlbum, [String: ProcessedImage])
    {
        let sources = photoNames.map {
            SourceImage(relativePath: "\(albumName)/\($0)", absolutePath: "/in/\(albumName)/\($0)",
                        identity: FileIdentity(size: 1000, modifiedNanoseconds: 0, inode: 1))
        }
        let album = Album(path: "", title: "Site", images: [], albums: [
            Album(path: albumName, title: albumName, images: sources, albums: []),
        ])
        let planned = PlannedAlbum.plan(album, outputPath: "")
        var results: [String: ProcessedImage] = [:]
        for (index, photo) in planned.children[0].photos.enumerated() {
            let portrait = index % 2 == 1
            results[photo.job.source.relativePath] = image(
                photo.job.source.relativePath, width: portrait ? 1200 : 1800, height: portrait ? 1600 : 1200,
                folder: photo.job.outputFolder, slug: photo.job.slug,
                date: photo.job.source.stem == "b" ? "2020-01-01T10:00:00" : nil, caption: nil)
        }
        return (planned, results)
    }

    static func render(_ planned: PlannedAlbum, _ results: [String: ProcessedImage], title: String = "My <Site>") throws -> [String: String] {
        let renderer = SiteRenderer(library: try DefaultTheme.library(overrides: nil), layout: ThemeLayout(), siteTitle: title)
        return Dictionary(uniqueKeysWithValues: try renderer.render(planned, results: results).map { ($0.path, $0.contents) })
    }
}
