@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

@Suite struct LayoutAndWidthTests {
    let layout = ThemeLayout()

    @Test("album cards: sizes matches the grid cell the CSS paints, at every viewport")
    func gridSizesMatchCSS() {
        // Evaluate each `sizes` entry the way a browser does and compare with the CSS cell width.
        for viewport in stride(from: 320.0, through: 2400, by: 40) {
            for aspect in [1.5, 0.75, 1.0] {
                let painted = layout.gridCellWidth(viewport: viewport) * layout.coverScale(aspect: aspect)
                let told = Self.evaluate(layout.gridSizes(aspect: aspect), viewport: viewport)
                #expect(abs(told - painted) < 1, "viewport \(viewport), aspect \(aspect): sizes \(told) vs CSS \(painted)")
            }
        }
    }

    @Test("justified rows: lines fill the width, photos keep their shape, the last line is not stretched")
    func rows() {
        let rows = JustifiedRows(rowHeight: 0.2, gap: 0.01)
        // 1.5 × 0.2 = 0.3 each: three fit (0.92), a fourth would not.
        let lines = rows.lines(aspects: [1.5, 1.5, 1.5, 1.5, 0.75])
        #expect(lines.map(\.photos) == [0..<3, 3..<5])
        let filled: Double = lines[0].widths.reduce(0, +) + 0.02
        #expect(abs(filled - 1) < 1e-9, "a full line fills the width")
        #expect(zip(lines[1].widths, [0.3, 0.15]).allSatisfy { abs($0 - $1) < 1e-9 }, "the last line keeps its natural size")
        // One height per line: width / aspect is the same for every photo.
        let mixed = rows.lines(aspects: [1.5, 0.667, 2.0, 1.0, 1.5, 1.5, 3.0])
        for line in mixed.dropLast() {
            let heights = zip(line.photos, line.widths).map { $1 / [1.5, 0.667, 2.0, 1.0, 1.5, 1.5, 3.0][$0] }
            #expect(heights.allSatisfy { abs($0 - heights[0]) < 1e-9 })
        }
        // Wider than a line alone: the whole width.
        let wide = rows.widths(aspects: [8, 1.5])
        #expect(wide[0] == 1 && abs(wide[1] - 0.3) < 1e-9)
        // The filler brings a gap: when it cannot join, the last photos form a full line.
        let full = rows.lines(aspects: [1.63, 1.63, 1.63])  // 0.326 × 3 + 2 gaps = 0.998: no room for the filler and its gap
        let fullWidth: Double = full[0].widths.reduce(0, +) + 0.02
        #expect(full.count == 1 && abs(fullWidth - 1) < 1e-9)
    }

    @Test("photo rows: sizes are each photo's share of the content width, in every band")
    func rowSizes() {
        let aspects = [1.5, 0.75, 1.33, 2.4, 1.0, 1.5, 0.8]
        let shares = layout.rowShares(aspects: aspects)
        for viewport in stride(from: 320.0, through: 2560, by: 35) {
            let band = layout.rowBandIndex(viewport: viewport)
            for (index, share) in shares.enumerated() {
                let painted = share[band] * layout.contentWidth(viewport: viewport)
                let told = Self.evaluate(layout.rowSizes(shares: share), viewport: viewport)
                #expect(abs(told - painted) < 1, "viewport \(viewport), photo \(index): sizes \(told) vs rows \(painted)")
            }
        }
    }

    @Test("photo page: the width is its sizes, bounded by the content, the viewport's height and the source")
    func photoWidth() {
        let width = layout.photoWidth(aspect: 1.5, sourceWidth: 4000, reserve: 200)
        #expect(width == "min(calc(100vw - 32px), calc(max(100vh - 200px, 200px) * 1.5000), 1568px)")
        #expect(layout.photoMaxDisplayWidth(aspect: 0.75, sourceWidth: 4000) == 900)
        #expect(layout.photoMaxDisplayWidth(aspect: 1.5, sourceWidth: 800) == 800)
        let short = layout.photoReserve(title: "Storm", texts: [], dated: false, detailRows: 0)
        let long = layout.photoReserve(title: "Storm", texts: [String(repeating: "word ", count: 40)], dated: true, detailRows: 6)
        #expect(long > short + 6 * 20, "caption, date and details take their lines")
    }

    /// The ladder's step from `larger`: 1.4 above 1,600 px, 1.2 from there down.
    static func expectedStep(from larger: Int) -> Double { larger > 1600 ? 1.4 : 1.2 }

    @Test("widths: a ladder `step` apart (1.4 above 1,600 px) from the narrowest 1x to the widest any screen paints, capped at the source")
    func widths() {
        let planner = WidthPlanner(layout: layout, policy: .auto, maxWidth: 3840)
        let large = planner.widths(sourceWidth: 4000, sourceHeight: 2667)
        #expect(large.first == 3136 && large.last! <= 130, "a 2x desktop's photo page, 1,568 CSS px: \(large)")
        for (larger, smaller) in zip(large, large.dropFirst()) {
            #expect(abs(Double(larger) / Double(smaller) - Self.expectedStep(from: larger)) < 0.02, "\(larger) → \(smaller)")
        }
        #expect(large.contains { $0 < 1600 } && large.contains { $0 > 1600 })
        #expect(planner.widths(sourceWidth: 1920, sourceHeight: 1280).first == 1920)
        #expect(planner.widths(sourceWidth: 88, sourceHeight: 64) == [88], "narrower than any place it is shown")
        for (w, h) in [(640, 480), (3024, 4032), (500, 269), (10000, 100)] {
            let widths = planner.widths(sourceWidth: w, sourceHeight: h)
            #expect(widths.allSatisfy { $0 <= w } && widths == widths.sorted(by: >) && Set(widths).count == widths.count)
        }
        let fine = WidthPlanner(layout: layout, policy: .auto, maxWidth: 3840, step: 1.1)
        #expect(fine.widths(sourceWidth: 4000, sourceHeight: 2667).count > large.count && fine.wideStep == 1.4)
        let coarse = WidthPlanner(layout: layout, policy: .auto, maxWidth: 3840, step: 1.5)
        let coarseWidths = coarse.widths(sourceWidth: 4000, sourceHeight: 2667)
        #expect(coarse.wideStep == 1.5, "a coarser step is coarse everywhere")
        for (larger, smaller) in zip(coarseWidths, coarseWidths.dropFirst()) {
            #expect(abs(Double(larger) / Double(smaller) - 1.5) < 0.02, "\(larger) → \(smaller)")
        }
        let fixed = WidthPlanner(layout: layout, policy: .fixed([320, 2000, 640]), maxWidth: 1600)
        #expect(fixed.widths(sourceWidth: 1000, sourceHeight: 1000) == [1000, 640, 320])
    }

    @Test("widths: each photo's phase offsets its ladder below the top, so photos of one size spread over a step")
    func phasedLadder() {
        let planner = WidthPlanner(layout: layout, policy: .auto, maxWidth: 3840)
        let plain = planner.widths(sourceWidth: 4000, sourceHeight: 2667)
        #expect(planner.widths(sourceWidth: 4000, sourceHeight: 2667, phase: 0) == plain)
        for phase in stride(from: 0.0, to: 1, by: 0.05) {
            let widths = planner.widths(sourceWidth: 4000, sourceHeight: 2667, phase: phase)
            #expect(widths.first == 3136 && widths == widths.sorted(by: >) && widths.last! <= 130, "\(phase): \(widths)")
            // Below the top, every step is the ladder's; the top's gap is at most a step over 0.9
            // (a first rung within 10 % of the top goes a step lower).
            #expect(Double(widths[0]) / Double(widths[1]) <= 1.4 / 0.9 + 0.01 && Double(widths[0]) / Double(widths[1]) > 1.1)
            for (larger, smaller) in zip(widths.dropFirst(), widths.dropFirst(2)) {
                #expect(abs(Double(larger) / Double(smaller) - Self.expectedStep(from: larger)) < 0.02, "\(phase): \(larger) → \(smaller)")
            }
        }
        // A 1,000 px painted width lands anywhere within a step of the rung above it, by phase.
        let ratios = stride(from: 0.0, to: 1, by: 0.1).map { phase in
            Double(planner.widths(sourceWidth: 4000, sourceHeight: 2667, phase: phase).last { $0 >= 1000 }!) / 1000
        }
        #expect(ratios.min()! < 1.05 && ratios.max()! > 1.1, "\(ratios)")
        let phases = ["00000000", "80000000", "ffffffff", "3fa9c2e1d0"].map { WidthPlanner.phase(content: $0) }
        #expect(phases[0] == 0 && phases[1] == 0.5 && phases.allSatisfy { (0..<1).contains($0) })
    }

    /// A tiny `sizes` evaluator: (min-width/max-width: Npx) conditions,
    /// px lengths and calc((100vw - Apx) * F) / calc(100vw - Apx).
    static func evaluate(_ sizes: String, viewport: Double) -> Double {
        for entry in sizes.components(separatedBy: ", ") {
            var length = entry
            if entry.contains("min-resolution") { continue }  // a 1x screen
            if entry.hasPrefix("(") {
                let close = entry.firstIndex(of: ")")!
                let condition = entry[entry.index(after: entry.startIndex)..<close]
                let value = Double(condition.split(separator: " ")[1].dropLast(2))!
                let holds = condition.hasPrefix("min-width") ? viewport >= value : viewport <= value
                guard holds else { continue }
                length = String(entry[entry.index(close, offsetBy: 2)...])
            }
            if length.hasSuffix("px"), !length.hasPrefix("calc") { return Double(length.dropLast(2))! }
            let numbers = length.split(whereSeparator: { !"0123456789.".contains($0) }).compactMap { Double($0) }
            let minus = numbers[1]
            let factor = numbers.count > 2 ? numbers[2] : 1
            return (viewport - minus) * factor
        }
        return viewport
    }
}
