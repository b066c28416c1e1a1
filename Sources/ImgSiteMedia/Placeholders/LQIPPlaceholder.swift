import Vips

/// A low-quality image placeholder: the image itself at 16 px on its long
/// side as a WebP, flattened onto the page background, softened by an SVG
/// Gaussian blur (whose edges are made opaque again, so the box never shows
/// a halo). The largest kind, and the closest likeness (docs/how-it-works.md table).
public struct LQIPPlaceholder: PlaceholderCodec {
    public static let long = 16
    public static let quality = 50

    public var kind: PlaceholderKind { .lqip }

    public init() {}

    public func sampleSize(aspect: Double) -> (width: Int, height: Int) {
        ImgSiteMedia.sampleSize(aspect: aspect, long: Self.long)
    }

    public func make(_ sample: PixelSample) throws(VipsError) -> Placeholder {
        let webp = try TinyWebP.encode(sample.flattened().opaque, quality: Self.quality)
        let image = "data:image/webp;base64," + webp.base64
        let (w, h) = (sample.width, sample.height)
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 \(w) \(h)' preserveAspectRatio='none'>"
            + "<filter id='b'><feGaussianBlur stdDeviation='.7'/>"
            + "<feComponentTransfer><feFuncA type='discrete' tableValues='1 1'/></feComponentTransfer></filter>"
            + "<image href='\(image)' width='\(w)' height='\(h)' filter='url(#b)'/></svg>"
        return Placeholder(kind: kind, value: image, css: Placeholder.imageCSS("data:image/svg+xml," + Self.urlEncoded(svg)))
    }

    /// Percent-encodes what may not stand in an unquoted CSS `url()` or an
    /// HTML attribute: quotes, spaces, brackets, `#`, `%`, `<`, `>`, `&`.
    static func urlEncoded(_ text: String) -> String {
        let unsafe = Set("\"' ()#%<>&\\".utf8)
        var out = ""
        for byte in text.utf8 {
            if unsafe.contains(byte) {
                out += "%" + String(byte, radix: 16, uppercase: true)
            } else {
                out.unicodeScalars.append(UnicodeScalar(byte))
            }
        }
        return out
    }
}
