/// Chooses the pixel widths to make for one image.
public struct WidthPlanner: Sendable, Hashable {
    public var layout: ThemeLayout
    public var policy: WidthPolicy
    public var maxWidth: Int

    /// Widths closer than this share of a larger one are dropped: the larger
    /// serves both at almost no cost in decoded pixels.
    public static let mergeTolerance = 0.10

    public init(layout: ThemeLayout, policy: WidthPolicy, maxWidth: Int) {
        self.layout = layout
        self.policy = policy
        self.maxWidth = maxWidth
    }

    /// Widths, largest first, for a source `width` × `height` (upright).
    /// Every width is capped at the source width: never upscale.
    public func widths(sourceWidth width: Int, sourceHeight height: Int) -> [Int] {
        let cap = min(width, maxWidth)
        let wanted: [Int]
        switch policy {
        case .fixed(let list):
            wanted = list
        case .auto:
            let aspect = Double(width) / Double(max(height, 1))
            let cssWidths = [
                layout.gridMaxDisplayWidth(aspect: aspect),
                layout.photoMaxDisplayWidth(aspect: aspect, sourceWidth: width),
            ]
            wanted = cssWidths.flatMap { css in layout.densities.map { Int((css * Double($0)).rounded(.up)) } }
        }
        // An empty list cannot come from a validated config; the source width serves anyway.
        return Self.merge((wanted.isEmpty ? [cap] : wanted).map { max(1, min($0, cap)) })
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
