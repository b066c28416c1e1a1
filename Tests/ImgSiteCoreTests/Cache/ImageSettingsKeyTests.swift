import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// `ImageSettings.key` is its `shape` hashed whole (#67 ask 4): every
/// field of the shape, changed alone, changes the key, and a field added
/// to the shape without a change here fails the test rather than serving
/// files made under other settings from the cache.
@Suite struct ImageSettingsKeyTests {
    typealias Shape = ImageSettings.Shape

    /// One change to each field of the shape (and of its recipes).
    static let changes: [String: @Sendable (inout Shape) -> Void] = [
        "planner": { $0.planner.step += 0.05 },
        "formats": { $0.formats.append(.jxl) },
        "jpeg": { $0.jpeg.progressiveMinWidth += 1 },
        "webp": { $0.webp.largeEffort = 6 },
        "avif": { $0.avif.quality -= 1 },
        "jxl": { $0.jxl.effort += 1 },
        "denseFormat": { $0.denseFormat = nil },
        "metadata": { $0.metadata = .keepCopyright },
        "placeholder": { $0.placeholder.albums["icons"] = .color },
        "pixelLimit": { $0.pixelLimit -= 1 },
        "animated": { $0.animated.minIntegrity = 0.75 },
        "downloads": { $0.downloads = .original },
        "watermark": { $0.watermark = Shape.Mark(identity: "text © 2026", minWidth: 480) },
        "hdr": { $0.hdr.denseScreens = false },
        "recipes": { $0.recipes = Shape.Recipes(version: "0.0.0", widths: 0, metadata: 0, placeholders: 0, hdr: 0) },
    ]

    static let recipeChanges: [String: @Sendable (inout Shape.Recipes) -> Void] = [
        "version": { $0.version += "+next" },
        "widths": { $0.widths += 1 },
        "metadata": { $0.metadata += 1 },
        "placeholders": { $0.placeholders += 1 },
        "hdr": { $0.hdr += 1 },
    ]

    static var standard: ImageSettings { ImageSettings(config: SiteConfig(), layout: ThemeLayout()) }

    @Test("each field of the shape, changed alone, changes the key; every field has a change here")
    func everyFieldInTheKey() {
        let settings = Self.standard
        #expect(ImageSettings.key(of: settings.shape) == settings.key)
        let fields = Mirror(reflecting: settings.shape).children.compactMap(\.label)
        #expect(Set(fields) == Set(Self.changes.keys), "a field of ImageSettings.Shape without a change in this test: \(Set(fields).symmetricDifference(Self.changes.keys))")
        var keys: Set<String> = [settings.key]
        for (field, change) in Self.changes {
            var shape = settings.shape
            change(&shape)
            #expect(shape != settings.shape, "\(field): the change changes nothing")
            #expect(keys.insert(ImageSettings.key(of: shape)).inserted, "\(field): the key is the same")
        }
        let recipes = Mirror(reflecting: settings.shape.recipes).children.compactMap(\.label)
        #expect(Set(recipes) == Set(Self.recipeChanges.keys), "\(recipes)")
        for (recipe, change) in Self.recipeChanges {
            var shape = settings.shape
            change(&shape.recipes)
            #expect(keys.insert(ImageSettings.key(of: shape)).inserted, "recipes.\(recipe): the key is the same")
        }
    }

    @Test("the key is the same for the same settings however they were written; a nested setting counts; a photo's watermark is its own")
    func stableAndNested() throws {
        let yaml = "formats: [webp, jpeg]\nplaceholder: thumbhash\nalbums:\n  a: { placeholder: color }\n  b: { placeholder: grid }\n"
        let reordered = "albums:\n  b: { placeholder: grid }\n  a: { placeholder: color }\nplaceholder: thumbhash\nformats: [jpeg, webp]\n"
        let one = ImageSettings(config: try SiteConfig.parse(yaml: yaml, file: "imgsite.yml"), layout: ThemeLayout())
        let two = ImageSettings(config: try SiteConfig.parse(yaml: reordered, file: "imgsite.yml"), layout: ThemeLayout())
        #expect(one.key == two.key)
        // A change deep in the theme's layout (the grid's columns) reaches the key through the planner.
        var layout = ThemeLayout()
        layout.gridColumns[0].columns += 1
        #expect(ImageSettings(config: SiteConfig(), layout: layout).key != Self.standard.key)
        // Video settings shape no photo's files.
        var config = SiteConfig()
        config.video.maxHeight = 720
        #expect(ImageSettings(config: config, layout: ThemeLayout()).key == Self.standard.key)
        let marked = try SiteConfig.parse(yaml: "watermark: { text: \"© 2026\" }\nalbums:\n  family: { watermark: false }\n", file: "imgsite.yml")
        let settings = ImageSettings(config: marked, layout: ThemeLayout())
        #expect(settings.marked(for: "trip/a.jpg").key != settings.key)
        #expect(settings.marked(for: "family/a.jpg").key == settings.key)
        // An album's HDR choice is its photos' alone: others keep the site's key.
        let hdr = try SiteConfig.parse(yaml: "albums:\n  scans: { hdr: sdr }\n", file: "imgsite.yml")
        let albums = ImageSettings(config: hdr, layout: ThemeLayout())
        #expect(albums.marked(for: "scans/a.jpg").key != albums.marked(for: "trip/a.jpg").key)
        #expect(albums.marked(for: "trip/a.jpg").key == Self.standard.key)
    }
}
