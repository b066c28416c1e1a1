/// Files for screens of 2x and more, at a lower quality ("compressive
/// images"): such a screen paints each CSS pixel with four device pixels or
/// more, so an encoder's artefacts there are a quarter of the area they
/// cover on a 1x screen. Seen at the size the eye resolves (the CSS size),
/// a 2x AVIF at quality 48 is as like the photo as the 1x WebP at 80, in
/// about 70 % of the bytes of a 2x WebP at 45 that is too (`make
/// bench-formats`, docs/how-it-works.md, "Dense screens").
///
/// Every width of a still from what a dense screen paints up to `widest`
/// (`widths(of:floor:)`) gets one in `dense_format` (AVIF
/// by default, whether or not AVIF is among the formats), listed in a
/// `<source>` before all others (a browser takes the first source whose
/// media and type it matches), with the usual files above `widest` after
/// them (`ProcessedImage.denseChoice`).
package enum DenseScreens {
    /// No dense file is wider: above it a 2x screen takes the usual file.
    /// A grid cell on a 2x or 3x screen takes at most about 1,100 px (a
    /// 2,560 px desktop: 1,052; a 3x phone: 1,074), so wider files serve
    /// photo pages only, one photo at a time; and they were five sixths of
    /// the pixels the dense files of a 12 MP photo cost, which took a
    /// watched photo's save-to-reload from 1.31 s to 1.78 s (median; target
    /// 1.5 s). With this cap: 1.49 s.
    package static let widest = 1600

    /// Screens from this density on take the dense files. At 1.5x the eye
    /// sees more of the loss (the file is only 1.5 times the CSS size): even
    /// quality 50 scores below the 1x file there.
    package static let density = 2

    /// `<source media>`: `resolution` everywhere since 2022; Safari before
    /// 16 knows only the prefixed feature.
    package static let media = "(min-resolution: 2dppx), (-webkit-min-device-pixel-ratio: 2)"

    /// Screens of `density` or more whose viewport is at least `width` ×
    /// `height` CSS px (height nil: any), in both spellings.
    package static func media(density: Int, width: Int, height: Int?) -> String {
        let size = " and (min-width: \(width)px)" + (height.map { " and (min-height: \($0)px)" } ?? "")
        return "(min-resolution: \(density)dppx)\(size), (-webkit-min-device-pixel-ratio: \(density))\(size)"
    }

    /// The widths of a ladder (largest first) that get a dense file: up to
    /// `widest`, and down to `floor`, the narrowest a dense screen paints
    /// the photo (`WidthPlanner.denseFloor`): a browser takes the narrowest
    /// file at least as wide as it paints, so a narrower one is never chosen.
    package static func widths(of chain: [Int], floor: Double) -> [Int] {
        chain.filter { $0 <= widest && Double($0) >= floor }
    }
}
