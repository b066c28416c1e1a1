import Vips

/// BlurHash as a placeholder: 4 × 3 components (3 × 4 for portraits),
/// encoded from the sample flattened onto the page background; painted as
/// the hash decoded at build time to a 16 px lossy WebP.
public struct BlurHashPlaceholder: PlaceholderCodec {
    public static let sampleLong = 32
    public static let paintLong = 16

    public var kind: PlaceholderKind { .blurhash }

    public init() {}

    public func sampleSize(aspect: Double) -> (width: Int, height: Int) {
        ImgSiteMedia.sampleSize(aspect: aspect, long: Self.sampleLong)
    }

    public func make(_ sample: PixelSample) throws(VipsError) -> Placeholder {
        let flat = sample.flattened()
        let components = flat.width >= flat.height ? (x: 4, y: 3) : (x: 3, y: 4)
        let value = BlurHash.encode(width: flat.width, height: flat.height, rgb: flat.pixels, components: components)
        let size = ImgSiteMedia.sampleSize(aspect: Double(flat.width) / Double(flat.height), long: Self.paintLong)
        let rgb = BlurHash.decode(value, width: size.width, height: size.height)!
        let painted = RGBGrid(width: size.width, height: size.height, pixels: rgb).opaque
        return Placeholder(kind: kind, value: value, css: try Placeholder.paintedCSS(painted))
    }
}
