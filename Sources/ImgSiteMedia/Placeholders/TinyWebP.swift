import Vips

/// Tiny lossy WebP files for placeholders, as small as the format allows:
/// libvips 8.14's webpsave always adds an EXIF block of about 186 bytes,
/// more than a 16 px image's own 70, which `tinyWebPEncoded` removes
/// (`WebPChunks`), and an opaque image is written in the simple format.
public enum TinyWebP {
    /// The alpha plane's quality: libvips keeps alpha lossless otherwise,
    /// and a smooth 12 px mask then costs 120 bytes; at 20, 60.
    static let alphaQuality = 20

    public static func encode(_ sample: PixelSample, quality: Int) throws(VipsError) -> [UInt8] {
        var image = try VipsImage.rgba(sample.rgba, width: sample.width, height: sample.height)
        if !sample.hasAlpha { image = try image.flattened() }
        return try image.tinyWebPEncoded(quality: quality, alphaQuality: Self.alphaQuality)
    }
}
