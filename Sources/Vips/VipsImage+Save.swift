internal import CVips
internal import CVipsShim

/// Encoder settings for one output format.
public enum EncodeSettings: Sendable, Hashable {
    /// Baseline or progressive JPEG, optimised Huffman tables; `subsample420`
    /// forces 4:2:0 even at quality ≥ 90 (libvips would switch to 4:4:4).
    case jpeg(quality: Int, progressive: Bool, subsample420: Bool)
    case webp(quality: Int, effort: Int)
    /// AVIF through libheif/aom, 4:2:0.
    case avif(quality: Int, effort: Int)
    case jxl(quality: Int, effort: Int)
    /// GIF through cgif: `effort` 1–10 for the palette; `interframeMaxError`
    /// lets pixels that barely change stay transparent in the next frame of
    /// an animation, which is what makes GIF frames small.
    case gif(effort: Int, interframeMaxError: Double)
    /// An Ultra HDR JPEG: an sRGB base carrying its gain map
    /// (`VipsImage.carrying`), through libultrahdr (`ultraHDREncoded`).
    case ultraHDR(quality: Int)

    /// The libvips save operation, for messages.
    var operation: String {
        switch self {
        case .jpeg: "jpegsave"
        case .webp: "webpsave"
        case .avif: "avifsave"
        case .jxl: "jxlsave"
        case .gif: "gifsave"
        case .ultraHDR: "uhdrsave"
        }
    }
}

extension VipsImage {
    /// Encodes to bytes in memory; the caller writes them atomically.
    /// Without `keepMetadata`, no EXIF, XMP, IPTC or ICC is written in any
    /// format (WebP's chunks are removed after the save: `WebPChunks`).
    /// A JPEG of pixels in memory with no metadata kept is encoded by
    /// libjpeg-turbo directly: the same bytes, without libvips' pipeline.
    public func encoded(_ settings: EncodeSettings, keepMetadata: Bool = false) throws(VipsError) -> [UInt8] {
        if case let .jpeg(quality, progressive, subsample420) = settings, !keepMetadata, Native.jpegCodec,
           imgsite_jpeg_encodable(pointer) != 0 {
            return try plainJPEG(quality: quality, progressive: progressive, subsample420: subsample420)
        }
        switch settings {
        case .jxl where !Vips.writesJPEGXL:
            throw VipsError(operation: "jxlsave", message: "this libvips (\(Vips.version)) lacks vips_jxlsave_buffer: JPEG XL cannot be written")
        case .avif, .jxl: _ = imgsite_vips_load_modules(0)  // their savers are libvips modules
        default: break
        }
        return try encodedByLibvips(settings, keepMetadata: keepMetadata)
    }

    /// `encoded(_:keepMetadata:)` by libvips' savers only: the reference the
    /// shim's JPEG encoder is tested against.
    func encodedByLibvips(_ settings: EncodeSettings, keepMetadata: Bool = false) throws(VipsError) -> [UInt8] {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        let strip: Int32 = keepMetadata ? 0 : 1
        try LibvipsCall.run(settings.operation) {
            let status = switch settings {
            case let .jpeg(quality, progressive, subsample420):
                imgsite_vips_jpegsave_buffer(
                    pointer, &buffer, &length, Int32(quality), progressive ? 1 : 0, subsample420 ? 1 : 0, strip)
            case let .webp(quality, effort):
                imgsite_vips_webpsave_buffer(pointer, &buffer, &length, Int32(quality), Int32(effort))
            case let .avif(quality, effort):
                imgsite_vips_avifsave_buffer(pointer, &buffer, &length, Int32(quality), Int32(effort), strip)
            case let .jxl(quality, effort):
                imgsite_vips_jxlsave_buffer(pointer, &buffer, &length, Int32(quality), Int32(effort))
            case let .gif(effort, interframeMaxError):
                imgsite_vips_gifsave_buffer(pointer, &buffer, &length, Int32(effort), interframeMaxError, 0)
            case let .ultraHDR(quality):
                imgsite_vips_uhdrsave_buffer(pointer, &buffer, &length, Int32(quality))
            }
            return status == 0 && buffer != nil
        }
        defer { g_free(buffer) }
        let bytes = Array(UnsafeRawBufferPointer(start: buffer, count: length))
        if case .webp = settings, !keepMetadata { return try WebPChunks.stripped(bytes) }
        return bytes
    }
}

extension VipsImage {
    /// libvips' JPEG bytes for pixels already in memory with nothing to
    /// keep but them, encoded by libjpeg-turbo directly (`CVipsShim/jpeg.c`).
    func plainJPEG(quality: Int, progressive: Bool, subsample420: Bool) throws(VipsError) -> [UInt8] {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        try LibvipsCall.run("jpegsave") {
            imgsite_jpeg_encode(pointer, &buffer, &length, Int32(quality), progressive ? 1 : 0, subsample420 ? 1 : 0) == 0
                && buffer != nil
        }
        defer { free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: length))
    }
}

extension VipsImage {
    /// A tiny lossy WebP (placeholders): `alphaQuality` makes the alpha plane
    /// lossy too. No metadata (`WebPChunks`).
    public func tinyWebPEncoded(quality: Int, alphaQuality: Int) throws(VipsError) -> [UInt8] {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        try LibvipsCall.run("webpsave") {
            imgsite_vips_webpsave_tiny_buffer(pointer, &buffer, &length, Int32(quality), Int32(alphaQuality)) == 0 && buffer != nil
        }
        defer { g_free(buffer) }
        return try WebPChunks.stripped(Array(UnsafeRawBufferPointer(start: buffer, count: length)))
    }
}
