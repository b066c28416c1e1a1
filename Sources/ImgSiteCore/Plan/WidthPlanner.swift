/// Chooses the pixel widths to make for one image.
public struct WidthPlanner: Sendable, Hashable {
    public var layout: ThemeLayout
    public var policy: WidthPolicy
    public var maxWidth: Int
    /// Ratio of one `auto` width to the next smaller.
    public var step: Double

    /// 1.25: a browser decodes at most 1.25² times the pixels it paints, a
    /// median of 1.21× measured in Chromium (README, `make browser-report`),
    /// for about 2.8× the encoding of the largest file alone.
    public static let defaultStep = 1.25
    public static let steps: ClosedRange<Double> = 1.1...2
    /// No `auto` width is narrower than this: smaller files save nothing.
    static let smallestWidth = 64

    /// Widths closer than this share of a larger one are dropped: the larger
    /// serves both at almost no cost in decoded pixels.
    public static let mergeTolerance = 0.10

    public init(layout: ThemeLayout, policy: WidthPolicy, maxWidth: Int, step: Double = defaultStep) {
        self.layout = layout
        self.policy = policy
        self.maxWidth = maxWidth
        self.step = step
    }

    /// Widths, largest first, for a source `width` × `height` (upright).
    /// Every width is capped at the source width: never upscale.
    public func widths(sourceWidth width: Int, sourceHeight height: Int) -> [Int] {
        let cap = min(width, maxWidth)
        switch policy {
        case .fixed(let list):
            // An empty list cannot come from a validated config; the source width serves anyway.
            return Self.merge((list.isEmpty ? [cap] : list).map { max(1, min($0, cap)) })
        case .auto:
            let aspect = Double(width) / Double(max(height, 1))
            let rows = layout.rowDisplayRange(aspect: aspect)
            let widest = max(rows.upperBound, layout.gridMaxDisplayWidth(aspect: aspect),
                             layout.photoMaxDisplayWidth(aspect: aspect, sourceWidth: width))
            let densest = Double(layout.densities.max() ?? 1), sparsest = Double(layout.densities.min() ?? 1)
            return ladder(top: min(cap, Int((widest * densest).rounded(.up))), bottom: rows.lowerBound * sparsest)
        }
    }

    /// From `top` down, each width `step` times smaller, until one is at or
    /// below `bottom` (or `smallestWidth`).
    func ladder(top: Int, bottom: Double) -> [Int] {
        var widths = [max(1, top)]
        let floor = max(bottom, Double(Self.smallestWidth))
        while Double(widths.last!) > floor {
            let next = Int((Double(widths.last!) / step).rounded())
            guard next >= 1, next < widths.last! else { break }
            widths.append(next)
        }
        return widths
    }

    /// Sorts descending and drops widths within `mergeTolerance` of a kept larger one.
    static func merge(_ widths: [Int]) -> [Int] {
        var kept: [Int] = []
        for width in Set(widths).sorted(by: >) {
            if let smallest = kept.last, Double(width) >= Double(smallest) * (1 - mergeTolerance) { continue }
            kept.append(width)
        }
        return kept
    }
}
