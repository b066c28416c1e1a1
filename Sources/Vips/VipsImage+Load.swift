internal import CVips
internal import CVipsShim

/// How strict a loader is about damaged files (libvips' `VipsFailOn`).
public enum FailOn: Sendable {
    /// Never stop: decode what can be decoded.
    case none
    /// Stop on truncation only.
    case truncated
    /// Stop on any warning, even a harmless one.
    case warning

    var raw: VipsFailOn {
        switch self {
        case .none: VIPS_FAIL_ON_NONE
        case .truncated: VIPS_FAIL_ON_TRUNCATED
        case .warning: VIPS_FAIL_ON_WARNING
        }
    }
}

extension VipsImage {
    /// Opens a file lazily: only the header is read, no pixels are decoded.
    /// A file none of the loaders at hand reads is tried again once every
    /// libvips module (HEIF, PDF, slides, ImageMagick…) is loaded.
    public static func header(of path: String) throws(VipsError) -> VipsImage {
        try withEveryModuleOnFailure { () throws(VipsError) in
            try make("load", path: path) { out in
                out.pointee = imgsite_vips_open_header(path)
                return out.pointee == nil ? -1 : 0
            }
        }
    }

    /// `open`, and if it fails while some libvips module (HEIF, PDF, slides,
    /// ImageMagick…) is not loaded yet, `open` again once every one is.
    private static func withEveryModuleOnFailure(_ open: () throws(VipsError) -> VipsImage) throws(VipsError) -> VipsImage {
        do {
            return try open()
        } catch {
            guard imgsite_vips_load_modules(1) != 0 else { throw error }
            return try open()
        }
    }

    /// Decodes a file at `width` (never larger than the source) in one pass:
    /// shrink-on-load and upright by EXIF orientation. `toSRGB` converts from
    /// the embedded ICC profile (or libvips' CMYK fallback) to sRGB; leave it
    /// off for untagged files, where the transform would only cost CPU.
    /// The result is lazy; call `materialized()` before deriving many outputs.
    public static func thumbnail(of path: String, width: Int, failOn: FailOn = .none, toSRGB: Bool) throws(VipsError) -> VipsImage {
        try make("thumbnail", path: path) {
            imgsite_vips_thumbnail_file(path, $0, Int32(width), failOn.raw, toSRGB ? 1 : 0)
        }
    }

    /// A plain JPEG (8-bit YCbCr or grey) decoded at 1/`shrink` (1, 2, 4 or
    /// 8) by libjpeg-turbo straight into memory, as libvips' loader would
    /// with `failOn: .warning`, without its pipeline (`CVipsShim/jpeg.c`).
    /// Nil for any other JPEG and for a damaged one: libvips' path then
    /// decodes it and words the message. The pixels as stored, not rotated
    /// nor colour-managed, and no metadata.
    public static func decodedPlainJPEG(_ path: String, shrink: Int) -> VipsImage? {
        precondition([1, 2, 4, 8].contains(shrink), "libjpeg scales by 1, 2, 4 or 8")
        return try? make("jpegload", path: path) { imgsite_jpeg_decode(path, Int32(shrink), $0) }
    }

    /// Like `thumbnail(of:width:failOn:toSRGB:)` for a JPEG, decoded at
    /// 1/`jpegShrink` of its size by libjpeg's DCT scaling (2, 4 or 8; the
    /// caller picks one that stays at or above `width`), then resized,
    /// rotated and colour-converted as `thumbnail` would, and computed into
    /// memory on `lanes` threads (`materialized(lanes:)`). An upright 8-bit
    /// photo is resized vertically by libvips and horizontally by the
    /// shim's vectorised reduce (`CVipsShim/reduceh.c`) where the own
    /// resampler is on (`Native.resampler`); elsewhere libvips does both.
    public static func decodedJPEG(
        _ path: String, width: Int, failOn: FailOn = .none, toSRGB: Bool, jpegShrink: Int, lanes: Int = 1
    ) throws(VipsError) -> VipsImage {
        precondition([2, 4, 8].contains(jpegShrink), "libjpeg scales by 2, 4 or 8")
        var pending: Int32 = 0
        let image = try make("thumbnail", path: path) {
            imgsite_vips_jpeg_shrunk_vertical(path, $0, Int32(width), failOn.raw, toSRGB ? 1 : 0, Int32(jpegShrink), Native.resampler ? 1 : 0, &pending)
        }.materialized(lanes: lanes)
        guard pending > 0 else { return image }
        return try make("resize", path: path) { imgsite_reduceh(image.pointer, $0, pending, nil) }
    }

    /// Whether the image needs a colour transform to become sRGB: it is
    /// CMYK, or it embeds an ICC profile, unless the profile is sRGB itself
    /// and that shortcut is on (`ICCProfiles`, `Native.srgbProfileShortcut`).
    public var needsColourTransform: Bool {
        if interpretation == "cmyk" { return true }
        guard let profile = blob("icc-profile-data") else { return false }
        return !Native.srgbProfileShortcut || !ICCProfiles.isSRGB(profile)
    }

    /// Decodes an encoded image held in memory (e.g. a file just written).
    /// libvips reads the buffer lazily without copying it, so the pixels are
    /// decoded here, while `bytes` is alive.
    public static func decode(_ bytes: [UInt8]) throws(VipsError) -> VipsImage {
        try withEveryModuleOnFailure { () throws(VipsError) in
            try bytes.withUnsafeBytes { buffer in
                Result { () throws(VipsError) in
                    try make("load buffer") { out in
                        out.pointee = imgsite_vips_open_buffer(buffer.baseAddress, buffer.count)
                        return out.pointee == nil ? -1 : 0
                    }.materialized()
                }
            }.get()
        }
    }

    /// Computes every pixel now into memory, on this thread, so later
    /// resizes and saves read this copy instead of decoding the source file
    /// again. An image already in memory is returned as it is (libvips only
    /// adds a reference).
    public func materialized() throws(VipsError) -> VipsImage {
        try Self.make("decode") { imgsite_vips_materialize(pointer, $0) }
    }

}
