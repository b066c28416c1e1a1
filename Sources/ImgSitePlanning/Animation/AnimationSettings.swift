import Vips

/// `animated:` in `imgsite.yml`: the memory an animation may take once a
/// viewer has decoded it, and which animated files it gets. Separate from
/// `formats`, which are the formats of stills.
public struct AnimationSettings: Sendable, Equatable, Hashable, Encodable {
    /// Decoded RGBA bytes (width × height × 4 × frames) an animation may take;
    /// decimal megabytes, as the issue tracker and file managers count them.
    public var memoryBudget = 24_000_000
    /// The smallest share of the source's frames thinning may keep.
    public var minIntegrity = 0.5
    /// The animated files: an animated WebP (the `<source>`) and a GIF (the
    /// `<img>` fallback). Without GIF, the fallback is the still poster.
    public var outputs: [OutputFormat] = [.webp, .gif]
    /// The poster's formats: the grid and `prefers-reduced-motion` show it.
    public static let posterFormats: [OutputFormat] = [.webp, .jpeg]
    public static let outputChoices: [OutputFormat] = [.webp, .gif]
    static let smallestBudget = 64_000
    /// cgif's palette search, a palette per frame, and how far a pixel may
    /// drift and still be left transparent in the next frame. Measured on the
    /// corpus animations: the drift of 8 makes files up to 27 % smaller than
    /// exact frames; one global palette would save 0–10 % more, but it is the
    /// first frame's, and bands later frames whose colours differ.
    public static let gif = EncodeSettings.gif(effort: 7, interframeMaxError: 8)

    public init() {}

    var thinner: FrameThinner { FrameThinner(budget: memoryBudget, minIntegrity: minIntegrity) }
}
