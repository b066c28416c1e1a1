import Vips

/// Which placeholder a site or album paints before its images load. Every
/// kind is painted by CSS alone (a data-URI image or gradients made at
/// build time): no script, no WebAssembly. docs/how-it-works.md, "Placeholders", has the
/// measured cost and likeness of each.
public enum PlaceholderKind: String, Sendable, CaseIterable, Codable {
    /// ThumbHash: about 25 bytes, carries alpha; painted as its 16 px decode (WebP).
    case thumbhash
    /// BlurHash, 4 × 3 components; painted as its 16 px decode (WebP).
    case blurhash
    /// A colour grid of up to 4 × 4 cells, 6 bits a channel.
    case grid
    /// A 16 px WebP of the image, softened by an SVG Gaussian blur.
    case lqip
    /// The dominant colour (the most common one, not the mean).
    case color
    /// Radial CSS gradients over the mean colour, no image at all.
    case css
    /// No placeholder.
    case none

    /// The default: the best likeness within 400 bytes of HTML (docs/how-it-works.md table).
    public static let standard = PlaceholderKind.thumbhash

    /// The codec implementing this kind, nil for `.none`.
    public var codec: (any PlaceholderCodec)? {
        switch self {
        case .thumbhash: ThumbHashPlaceholder()
        case .blurhash: BlurHashPlaceholder()
        case .grid: GridPlaceholder()
        case .lqip: LQIPPlaceholder()
        case .color: ColorPlaceholder()
        case .css: CSSGradientPlaceholder()
        case .none: nil
        }
    }
}

/// One placeholder technique: the sample it needs and how it turns the
/// sample into a compact value and the CSS that paints it.
public protocol PlaceholderCodec: Sendable {
    var kind: PlaceholderKind { get }
    /// The sample to take of an image of this aspect (width / height).
    func sampleSize(aspect: Double) -> (width: Int, height: Int)
    func make(_ sample: PixelSample) throws(VipsError) -> Placeholder
}

/// A computed placeholder.
public struct Placeholder: Sendable, Codable, Equatable {
    public var kind: PlaceholderKind
    /// The compact form kept in `manifest.json`: a ThumbHash (base64), a
    /// BlurHash, a grid string, a colour, or the CSS or data URI itself.
    public var value: String
    /// CSS declarations that paint it as the image's background.
    public var css: String

    public init(kind: PlaceholderKind, value: String, css: String) {
        self.kind = kind
        self.value = value
        self.css = css
    }

    /// The `data-` attribute carrying a hash for apps that decode it
    /// natively (`data-thumbhash`, `data-blurhash`); nil for kinds whose
    /// value is already the CSS.
    public var dataAttribute: (name: String, value: String)? {
        switch kind {
        case .thumbhash, .blurhash, .grid: ("data-\(kind.rawValue)", value)
        case .lqip, .color, .css, .none: nil
        }
    }

    /// The CSS that paints a tiny image stretched over the whole box.
    static func imageCSS(_ dataURI: String) -> String { "background:url(\(dataURI)) 0 0/100% 100% no-repeat" }

    static func pngDataURI(_ png: [UInt8]) -> String { "data:image/png;base64," + png.base64 }

    /// A small decode painted as a lossy WebP (a third of a PNG's bytes).
    static func paintedCSS(_ sample: PixelSample) throws(VipsError) -> String {
        imageCSS("data:image/webp;base64," + (try TinyWebP.encode(sample, quality: paintQuality)).base64)
    }

    /// WebP quality of painted decodes: their content is a few smooth
    /// cosines, which quality 50 keeps within 1 ΔE (docs/how-it-works.md table).
    static let paintQuality = 50
}

extension Array where Element == UInt8 {
    package var base64: String { Data(self).base64EncodedString() }
}

import struct Foundation.Data

extension Comparable {
    package func clamped(_ low: Self, _ high: Self) -> Self { min(max(self, low), high) }
}

/// The sample size with `long` pixels on the long side and the aspect kept.
package func sampleSize(aspect: Double, long: Int) -> (width: Int, height: Int) {
    let short = Int((Double(long) / max(aspect, 1 / aspect)).rounded()).clamped(1, long)
    return aspect >= 1 ? (long, short) : (short, long)
}
