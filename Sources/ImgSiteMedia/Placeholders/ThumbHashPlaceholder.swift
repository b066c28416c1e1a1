import Foundation
import Vips

/// ThumbHash as a placeholder: the hash (base64, as the reference writes
/// it) in the manifest and `data-thumbhash`; painted as the hash decoded at
/// build time to a small lossy WebP that keeps its alpha. The hash has at most 7
/// cosine terms a side, so 16 px hold all of it and the browser's smooth
/// upscaling does the rest (docs/how-it-works.md: 16 px paints within 0.2 ΔE of 32 px).
public struct ThumbHashPlaceholder: PlaceholderCodec {
    /// The long side of the sample hashed (the reference allows up to 100).
    public static let sampleLong = 32
    /// The long side of the painted decode; 12 px with alpha, whose plane
    /// (5 × 5 terms at most) would otherwise take the WebP past the budget.
    public static let paintLong = 16
    public static let paintLongWithAlpha = 12

    public var kind: PlaceholderKind { .thumbhash }

    public init() {}

    public func sampleSize(aspect: Double) -> (width: Int, height: Int) {
        ImgSiteMedia.sampleSize(aspect: aspect, long: Self.sampleLong)
    }

    public func make(_ sample: PixelSample) throws(VipsError) -> Placeholder {
        let hash = ThumbHash.encode(width: sample.width, height: sample.height, rgba: sample.rgba)
        let value = Data(hash).base64EncodedString()
        let decoded = ThumbHash.decode(hash, baseSize: sample.hasAlpha ? Self.paintLongWithAlpha : Self.paintLong)!
        let painted = PixelSample(width: decoded.width, height: decoded.height, rgba: decoded.rgba)
        return Placeholder(kind: kind, value: value, css: try Placeholder.paintedCSS(painted))
    }

    /// The hash bytes of a manifest value.
    public static func bytes(of value: String) -> [UInt8]? { Data(base64Encoded: value).map(Array.init) }
}
