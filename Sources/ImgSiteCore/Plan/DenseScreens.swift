/// Files for screens of 2x and more, at a lower quality ("compressive
/// images"): such a screen paints each CSS pixel with four device pixels or
/// more, so an encoder's artefacts there are a quarter of the area they
/// cover on a 1x screen. Seen at the size the eye resolves (the CSS size),
/// a 2x file at WebP quality 45 is as like the photo as the 1x file at 80,
/// in 56–65 % of the 2x file's bytes at 80 (`make bench-formats`, README
/// "Dense screens"): the first view of a large album on a phone or a 2x
/// desktop shrinks by 24–41 %.
///
/// Every width of a still gets one in each format whose codec has `dense`
/// settings (WebP, AVIF), listed in a `<source>` of its own before the
/// format's usual one: a browser takes the first source whose media and type
/// it matches.
enum DenseScreens {
    /// Screens from this density on take the dense files. At 1.5x the eye
    /// sees more of the loss (the file is only 1.5 times the CSS size): even
    /// quality 50 scores below the 1x file there.
    static let density = 2

    /// `<source media>`: `resolution` everywhere since 2022; Safari before
    /// 16 knows only the prefixed feature.
    static let media = "(min-resolution: 2dppx), (-webkit-min-device-pixel-ratio: 2)"
}
