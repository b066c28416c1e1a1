import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// `budgets:`: the first-view model, the config, and the warnings a build gives.
@Suite struct BudgetTests {
    static func image(width: Int, height: Int, widths: [Int], formats: [OutputFormat] = [.jpeg, .webp]) -> ProcessedImage {
        let variants = widths.flatMap { w in
            formats.map { Variant(path: "a/_img/x-\(w).\($0.fileExtension)", format: .image($0), width: w, height: w * height / width, bytes: w * 10) }
        }
        return ProcessedImage(source: "a/x.jpg", sourceBytes: 1, width: width, height: height, hasAlpha: false, variants: variants,
                              placeholder: nil, metadata: KeptMetadata(), warnings: [])
    }

    @Test("rows whose top is above the fold count; cards push the photos down")
    func aboveTheFold() {
        let layout = ThemeLayout()
        let photos = (0..<120).map { _ in Self.image(width: 3000, height: 2000, widths: [308]) }
        // 1280 px: content 1248 px, rows of 0.16 × 1248 = 200 px → four 3:2 photos a line, stretched
        // to (1248 - 3 × 7.5) / 6 = 204 px tall, 7.7 px apart, from 140 px: lines at 140, 352, 564, 775 start above 800.
        let desktop = FirstView(layout: layout, viewport: Viewport(width: 1280, height: 800, density: 1))
        let shown = desktop.aboveFold(cards: [], photos: photos, isRoot: false)
        #expect(shown.count == 16)
        #expect(abs(shown[0].width - (1248 - 3 * 0.006 * 1248) / 4) < 0.01)
        #expect(desktop.aboveFold(cards: [], photos: Array(photos.prefix(7)), isRoot: false).count == 7)
        // Root: from 66 px; 6 cards take two rows of the card grid (4 columns, 291.5 px apart), leaving 1 line of photos.
        let root = desktop.aboveFold(cards: Array(photos.prefix(6)), photos: photos, isRoot: true)
        #expect(root.count == 6 + 4)
        // A hero (3:2, in a 2.6:1 box: 480 px and 16 below) comes first: the cards start at 562, one row of them above the fold.
        let hero = desktop.aboveFold(hero: photos[0], cards: Array(photos.prefix(6)), photos: photos, isRoot: true)
        #expect(hero.count == 1 + 4 && hero[0].width == 1248)
        // Beside a long story the rows are 300 + 32 px narrower: 916 px, still four a line, 150 px tall: five lines above 800.
        let story = desktop.aboveFold(cards: [], photos: photos, isRoot: false, story: true)
        #expect(story.count == 20 && abs(story[0].width - (916 - 3 * 0.006 * 916) / 4) < 0.01)
        // A phone: content 358 px, rows of 0.3 × 358 = 107 px → two 3:2 photos a line, 118.7 px tall.
        let phone = FirstView(layout: layout, viewport: Viewport(width: 390, height: 844, density: 3))
        #expect(phone.aboveFold(cards: [], photos: photos, isRoot: false).count == 12)
    }

    @Test("the file taken: AVIF, else WebP, else JPEG, the smallest covering the CSS width × density")
    func chosenFile() {
        let layout = ThemeLayout()
        let photo = Self.image(width: 3000, height: 2000, widths: [2560, 1200, 615, 308])
        let desktop = FirstView(layout: layout, viewport: Viewport(width: 1280, height: 800, density: 1))
        #expect(desktop.file(photo, cssWidth: 300)?.path == "a/_img/x-308.webp")
        let retina = FirstView(layout: layout, viewport: Viewport(width: 1280, height: 800, density: 2))
        #expect(retina.file(photo, cssWidth: 300)?.path == "a/_img/x-615.webp")  // 600 device px
        let avif = Self.image(width: 3000, height: 2000, widths: [615, 308], formats: [.jpeg, .avif, .jxl])
        #expect(retina.file(avif, cssWidth: 300)?.path == "a/_img/x-615.avif")
        let small = Self.image(width: 200, height: 150, widths: [200])
        #expect(retina.file(small, cssWidth: 300)?.path == "a/_img/x-200.webp", "nothing covers the cell: the largest")
    }

    @Test("2x and 3x screens take the dense screens' files, in their own format; 1x the usual ones")
    func denseFiles() {
        let layout = ThemeLayout()
        var photo = Self.image(width: 3000, height: 2000, widths: [1200, 615, 308])
        photo.variants += [1200, 615, 308].map { w in
            Variant(path: "a/_img/x-\(w)-dense.webp", format: .webp, width: w, height: w * 2 / 3, bytes: w * 6, role: .dense)
        }
        let view = { (density: Int) in FirstView(layout: layout, viewport: Viewport(width: 1280, height: 800, density: density)) }
        #expect(view(1).file(photo, cssWidth: 300)?.path == "a/_img/x-308.webp")
        #expect(view(2).file(photo, cssWidth: 300)?.path == "a/_img/x-615-dense.webp")
        #expect(view(3).file(photo, cssWidth: 300)?.path == "a/_img/x-1200-dense.webp")
        // Wider than every dense file, a dense screen takes the usual one.
        var large = Self.image(width: 4000, height: 3000, widths: [2560, 1200])
        large.variants.append(Variant(path: "a/_img/x-1200-dense.webp", format: .webp, width: 1200, height: 900, bytes: 1, role: .dense))
        #expect(view(3).file(large, cssWidth: 800)?.path == "a/_img/x-2560.webp")
        #expect(view(2).file(large, cssWidth: 500)?.path == "a/_img/x-1200-dense.webp")
        // The dense source comes first whatever the formats: dense AVIF files
        // beside usual WebP ones, the wider files from WebP.
        var avif = Self.image(width: 4000, height: 3000, widths: [2560, 1200])
        avif.variants.append(Variant(path: "a/_img/x-1200-dense.avif", format: .avif, width: 1200, height: 900, bytes: 1, role: .dense))
        #expect(view(2).file(avif, cssWidth: 500)?.path == "a/_img/x-1200-dense.avif")
        #expect(view(3).file(avif, cssWidth: 800)?.path == "a/_img/x-2560.webp")
        #expect(view(1).file(avif, cssWidth: 500)?.path == "a/_img/x-1200.webp")
    }

    @Test("viewports and sizes read from imgsite.yml; bad ones name the key")
    func config() throws {
        let config = try SiteConfig.parse(yaml: "budgets: { first_view: 1.5 MB, variant: 400 KB, viewport: 390x844@3x }\n", file: "imgsite.yml")
        #expect(config.budgets.firstView == 1_500_000 && config.budgets.variant == 400_000)
        #expect(config.budgets.viewport == Viewport(width: 390, height: 844, density: 3))
        #expect(SiteConfig().budgets.isEmpty)
        for (yaml, key) in [("budgets: { viewport: wide }\n", "budgets.viewport"), ("budgets: { variant: 3 }\n", "budgets.variant"),
                            ("budgets: { page: 1 MB }\n", "budgets.page")] {
            #expect(throws: ConfigError.self) { try SiteConfig.parse(yaml: yaml, file: "imgsite.yml") }
            do { _ = try SiteConfig.parse(yaml: yaml, file: "imgsite.yml") } catch let error as ConfigError { #expect(error.key == key) }
        }
    }

    @Test("over budget: a warning line naming the page or image, on no-op builds too; --fail-on warning exits 1")
    func build() throws {
        let input = try Corpus.scratch("input")
        try Corpus.copy(["nature/Storm.jpg", "nature/LadyBird.jpg"].map(Corpus.photo), into: input, album: "a")
        try "budgets:\n  first_view: 10 KB\n  variant: 80 KB\n".write(to: input.appendingPathComponent("imgsite.yml"), atomically: true, encoding: .utf8)
        let output = try Corpus.scratch("site")
        let environment = ["IMGSITE_CACHE_DIR": try Corpus.scratch("cache").path]
        for round in 1...2 {
            let run = try ImgsiteProcess.run(["build", input.path, "-o", output.path, "--fail-on", "warning"], environment: environment)
            #expect(run.status == 1, "round \(round): \(run.output)")
            let warnings = run.output.split(separator: "\n").filter { $0.hasPrefix("site warning ") }
            #expect(warnings.contains { $0.hasPrefix("site warning a/index.html: first view at 1280×800 is ") && $0.hasSuffix("over the budget of 10.0 KB") },
                    "round \(round): \(warnings)")
            #expect(warnings.contains { $0.hasPrefix("site warning a/LadyBird.jpg: a/_img/ladybird-2560.") && $0.contains("over the variant budget of 80.0 KB") })
        }
    }
}
