import Foundation

/// Chooses the pixel widths to make for one image.
public struct WidthPlanner: Sendable, Hashable, Encodable {
    public var layout: ThemeLayout
    public var policy: WidthPolicy
    public var maxWidth: Int
    /// Ratio of one `auto` width to the next smaller, up to `wideFrom`.
    public var step: Double
    /// The ratio above `wideFrom`.
    public var wideStep: Double

    /// 1.2: a browser decodes at most 1.2² times the pixels it paints, a
    /// median of about 1.2× wherever the photos in view fall between two
    /// widths. Grid cells, many to a screen, are all at most 1,600 px wide;
    /// measured in Chromium, every one of 56 viewports' medians is at most
    /// 1.28× (the bound is 1.3×). 1.15 kept them at 1.22× for 30 % more
    /// files (`make bench-site-size`, docs/how-it-works.md).
    public static let defaultStep = 1.2
    /// 1.4 above 1,600 px, where files are for photo pages on dense
    /// screens, one photo to a screen: these widths are most of a photo's
    /// bytes and pixels to encode, and a finer step there moves no
    /// screen's median.
    public static let defaultWideStep = 1.4
    /// Where `wideStep` takes over: the widest dense screens' file.
    public static let wideFrom = DenseScreens.widest
    public static let steps: ClosedRange<Double> = 1.1...2
    /// No `auto` width is narrower than this: smaller files save nothing.
    static let smallestWidth = 64

    /// Widths closer than this share of a larger one are dropped: the larger
    /// serves both at almost no cost in decoded pixels.
    public static let mergeTolerance = 0.10

    /// `wideStep` nil: the larger of `step` and `defaultWideStep`.
    public init(layout: ThemeLayout, policy: WidthPolicy, maxWidth: Int, step: Double = defaultStep, wideStep: Double? = nil) {
        self.layout = layout
        self.policy = policy
        self.maxWidth = maxWidth
        self.step = step
        self.wideStep = wideStep ?? max(step, Self.defaultWideStep)
    }

    /// Widths, largest first, for a source `width` × `height` (upright):
    /// from the widest any screen paints it (in device px) down to the
    /// narrowest a 1x screen does.
    /// Every width is capped at the source width: never upscale. `phase`
    /// (0..<1, `phase(content:)`) offsets the `auto` ladder below its top.
    public func widths(sourceWidth width: Int, sourceHeight height: Int, phase: Double = 0) -> [Int] {
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
            // The widest paint: a desktop's at its density, or a phone's at the densest.
            let phone = layout.phoneMaxDisplayWidth(aspect: aspect, sourceWidth: width)
            let top = max(widest * Double(layout.largeScreenDensity), phone * densest)
            return ladder(top: min(cap, Int(top.rounded(.up))), bottom: rows.lowerBound * sparsest, phase: phase)
        }
    }

    /// The narrowest the theme paints a source `width` × `height` (upright)
    /// on a dense screen, in device px: a dense screen's file narrower than
    /// the next rung down from it is never chosen. 0 for a list of widths.
    public func denseFloor(sourceWidth width: Int, sourceHeight height: Int) -> Double {
        guard case .auto = policy else { return 0 }
        let aspect = Double(width) / Double(max(height, 1))
        return layout.rowDisplayRange(aspect: aspect).lowerBound * Double(DenseScreens.density)
    }

    /// `top`, then from `top / step^phase` down, each width a step smaller
    /// (`wideStep` above `wideFrom`, `step` below), until one is at or
    /// below `bottom` (or `smallestWidth`). The first is a step lower when
    /// it is within `mergeTolerance` of `top`, so phase 0 is the plain ladder.
    ///
    /// Why a phase: photos of one camera share one size, so with one ladder
    /// for all, the photos a viewport shows in rows of one height all fall
    /// at the same place between two rungs, and that viewport's median
    /// decoded-over-painted ratio is anywhere from 1 to `step`² (up to 1.45
    /// measured in Chromium). Each photo's own phase spreads them over the
    /// step, so every viewport's median is near `step` (1.09–1.22 measured).
    package func ladder(top: Int, bottom: Double, phase: Double = 0) -> [Int] {
        var widths = [max(1, top)]
        let topStep = step(below: widths[0])
        var first = Double(widths[0]) / pow(topStep, phase)
        if first > Double(widths[0]) * (1 - Self.mergeTolerance) { first /= topStep }
        var next = Int(first.rounded())
        let floor = max(bottom, Double(Self.smallestWidth))
        while Double(widths.last!) > floor, next >= 1, next < widths.last! {
            widths.append(next)
            next = Int((Double(next) / step(below: next)).rounded())
        }
        return widths
    }

    /// The ratio from `width` to the next smaller width.
    package func step(below width: Int) -> Double {
        width > Self.wideFrom ? wideStep : step
    }

    /// A photo's phase (0..<1), from its content hash (hex): the same photo
    /// gets the same widths under any name, and the cache serves it.
    public static func phase(content: String) -> Double {
        Double(UInt32(content.prefix(8), radix: 16) ?? 0) / 4_294_967_296
    }

    /// Sorts descending and drops widths within `mergeTolerance` of a kept larger one.
    package static func merge(_ widths: [Int]) -> [Int] {
        var kept: [Int] = []
        for width in Set(widths).sorted(by: >) {
            if let smallest = kept.last, Double(width) >= Double(smallest) * (1 - mergeTolerance) { continue }
            kept.append(width)
        }
        return kept
    }
}
