@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// Which files each width of a still gets: WebP everywhere, JPEG as the
/// fallback's few widths, dense files only where a dense screen may take
/// them; and the ladder's top, what a screen really paints.
@Suite struct OutputPlanTests {
    static func plan(_ config: SiteConfig = SiteConfig(), width: Int = 6000, height: Int = 4000, phase: Double = 0.37) -> OutputPlan {
        ImageSettings(config: config, layout: ThemeLayout()).outputs(width: width, height: height, animation: nil, phase: phase)
    }

    static func widths(_ plan: OutputPlan, _ format: OutputFormat, _ role: VariantRole = .image) -> [Int] {
        plan.specs.filter { $0.format == format && $0.role == role }.map(\.width)
    }

    @Test("beside WebP, JPEGs are three widths about twice apart, from the smallest of at least 1,200 px; WebP is at every width")
    func jpegFallback() {
        let plan = Self.plan()
        #expect(Self.widths(plan, .webp) == plan.chain)
        let jpegs = Self.widths(plan, .jpeg)
        #expect(jpegs.count == 3, "\(jpegs) of \(plan.chain)")
        #expect(jpegs[0] == plan.chain.last { $0 >= JPEGFallback.shareWidth }, "the social card's file")
        for (larger, smaller) in zip(jpegs, jpegs.dropFirst()) {
            #expect(Double(smaller) <= Double(larger) * 0.55 && Double(smaller) > Double(larger) * 0.4, "\(larger) → \(smaller)")
        }
        // A source narrower than 1,200 px: its largest width first.
        #expect(Self.widths(Self.plan(width: 900, height: 600), .jpeg).first == 900)
        #expect(JPEGFallback.widths(of: [500]) == [500] && JPEGFallback.widths(of: []).isEmpty)
    }

    @Test("a JPEG at every width with jpeg.widths: all, without WebP, and for JPEG alone")
    func jpegEverywhere() {
        var all = SiteConfig()
        all.jpeg.widths = .all
        var avifOnly = SiteConfig()
        avifOnly.formats = [.jpeg, .avif]
        var jpegOnly = SiteConfig()
        jpegOnly.formats = [.jpeg]
        for config in [all, avifOnly, jpegOnly] {
            let plan = Self.plan(config)
            #expect(Self.widths(plan, .jpeg) == plan.chain, "\(config.formats)")
        }
    }

    @Test("dense files from the narrowest a dense screen paints up to 1,600 px; every width with a list of widths")
    func denseRange() {
        let settings = ImageSettings(config: SiteConfig(), layout: ThemeLayout())
        for (width, height) in [(6000, 4000), (3024, 4032), (1200, 800), (4000, 1000)] {
            let plan = Self.plan(width: width, height: height)
            let dense = Self.widths(plan, .avif, .dense)
            let floor = settings.planner.denseFloor(sourceWidth: width, sourceHeight: height)
            #expect(floor > 0 && dense.allSatisfy { $0 <= DenseScreens.widest && Double($0) >= floor }, "\(width)×\(height): \(dense)")
            // Every painted width from the floor to 1,600 px has a dense file at most a step wider.
            let covering = plan.chain.filter { $0 <= DenseScreens.widest && Double($0) >= floor }
            #expect(dense == covering && !dense.isEmpty)
            #expect(plan.chain.contains { Double($0) < floor }, "narrower widths are the 1x screens' alone")
        }
        var listed = SiteConfig()
        listed.widths = .fixed([120, 480, 2000])
        #expect(Self.widths(Self.plan(listed), .avif, .dense) == [480, 120])
    }

    @Test("the top is what a 2x desktop or a 3x phone paints, never 3x of a desktop's photo page")
    func top() {
        let planner = ImageSettings(config: SiteConfig(), layout: ThemeLayout()).planner
        // Landscape: the photo page's 1,568 CSS px at 2x (a phone at 3x paints at most 594 × 3).
        #expect(planner.widths(sourceWidth: 6000, sourceHeight: 4000).first == 3136)
        // Upright: 900 CSS px (1,200 px tall) at 2x; a phone's 398 × 3 is less.
        #expect(planner.widths(sourceWidth: 3024, sourceHeight: 4032).first == 1800)
        let layout = ThemeLayout()
        #expect(layout.phoneMaxDisplayWidth(aspect: 1.5, sourceWidth: 6000).rounded() == 594, "rows on a phone held sideways")
        #expect(layout.phoneMaxDisplayWidth(aspect: 0.75, sourceWidth: 3024).rounded() == 398, "the photo page, upright")
        // A small photo is capped at its own width.
        #expect(planner.widths(sourceWidth: 1000, sourceHeight: 667).first == 1000)
    }
}
