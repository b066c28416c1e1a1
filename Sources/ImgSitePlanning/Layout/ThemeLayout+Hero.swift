import Foundation

/// The front page's hero: its cover photo across the content width, in a
/// box `heroBands` shapes (landscape on phones, a wide band on larger
/// screens). A photo taller than the box is cropped top and bottom about
/// its centre; a wider one (a panorama) is shown whole in a box of its own
/// shape. Either way it is painted exactly the content width, its `sizes`.
extension ThemeLayout {
    /// The hero's box, width / height, from a minimum viewport width (CSS px) up, ascending.
    package static let heroBands: [(minViewport: Int, aspect: Double)] = [(0, 1.5), (720, 2.6)]

    /// The hero's box at viewport width `viewport` for a photo of `aspect` (width / height).
    package func heroAspect(viewport: Double, aspect: Double) -> Double {
        max(aspect, Self.heroBands.last { Double($0.minViewport) <= viewport }!.aspect)
    }

    /// The hero's height (CSS px) at viewport width `viewport`, with the space under it.
    package func heroHeight(viewport: Double, aspect: Double) -> Double {
        contentWidth(viewport: viewport) / heroAspect(viewport: viewport, aspect: aspect) + Double(Self.heroGap)
    }

    /// CSS px between the hero and what follows it.
    package static let heroGap = 16

    /// The hero's `sizes`: the content width.
    package var heroSizes: String {
        "(min-width: \(contentMaxWidth)px) \(px(contentWidth(viewport: Double(contentMaxWidth)))), calc(100vw - \(2 * pagePadding)px)"
    }
}
