@testable import ImgSiteCore
import Testing

@Suite struct LayoutAndWidthTests {
    let layout = ThemeLayout()

    @Test("sizes matches the grid cell the CSS paints, at every viewport")
    func gridSizesMatchCSS() {
        // Evaluate each `sizes` entry the way a browser does and compare with the CSS cell width.
        for viewport in stride(from: 320.0, through: 2400, by: 40) {
            for aspect in [1.5, 0.75, 1.0] {
                let painted = layout.gridCellWidth(viewport: viewport) * layout.gridFraction(aspect: aspect)
                let told = Self.evaluate(layout.gridSizes(aspect: aspect), viewport: viewport)
                #expect(abs(told - painted) < 1, "viewport \(viewport), aspect \(aspect): sizes \(told) vs CSS \(painted)")
            }
        }
    }

    @Test("photo page sizes follow the content width up to the box limit")
    func photoSizes() {
        for viewport in stride(from: 320.0, through: 2400, by: 40) {
            let painted = min(viewport - 32, layout.photoMaxDisplayWidth(aspect: 1.5, sourceWidth: 4000))
            #expect(abs(Self.evaluate(layout.photoSizes(aspect: 1.5, sourceWidth: 4000), viewport: viewport) - painted) < 1)
        }
        #expect(layout.photoMaxDisplayWidth(aspect: 0.75, sourceWidth: 4000) == 675)
        #expect(layout.photoMaxDisplayWidth(aspect: 1.5, sourceWidth: 800) == 800)
    }

    @Test("widths: CSS widths × 1x–3x, capped at the source, near-duplicates merged")
    func widths() {
        let planner = WidthPlanner(layout: layout, policy: .auto, maxWidth: 3840)
        #expect(planner.widths(sourceWidth: 4000, sourceHeight: 2667) == [3600, 2400, 1200, 922, 615, 308])
        #expect(planner.widths(sourceWidth: 1920, sourceHeight: 1280) == [1920, 1200, 922, 615, 308])
        #expect(planner.widths(sourceWidth: 88, sourceHeight: 64) == [88])
        for (w, h) in [(640, 480), (3024, 4032), (500, 269), (10000, 100)] {
            let widths = planner.widths(sourceWidth: w, sourceHeight: h)
            #expect(widths.allSatisfy { $0 <= w } && widths == widths.sorted(by: >))
            for (larger, smaller) in zip(widths, widths.dropFirst()) { #expect(Double(smaller) < Double(larger) * 0.9) }
        }
        let fixed = WidthPlanner(layout: layout, policy: .fixed([320, 2000, 640]), maxWidth: 1600)
        #expect(fixed.widths(sourceWidth: 1000, sourceHeight: 1000) == [1000, 640, 320])
    }

    /// A tiny `sizes` evaluator: (min-width/max-width: Npx) conditions,
    /// px lengths and calc((100vw - Apx) * F) / calc(100vw - Apx).
    static func evaluate(_ sizes: String, viewport: Double) -> Double {
        for entry in sizes.components(separatedBy: ", ") {
            var length = entry
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
