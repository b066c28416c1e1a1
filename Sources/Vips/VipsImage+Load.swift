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
    public static func header(of path: String) throws -> VipsImage {
        guard let pointer = imgsite_vips_open_header(path) else {
            throw VipsError.fromBuffer(operation: "load", path: path)
        }
        return VipsImage(owning: pointer)
    }

    /// Decodes a file at `width` (never larger than the source) in one pass:
    /// shrink-on-load and upright by EXIF orientation. `toSRGB` converts from
    /// the embedded ICC profile (or libvips' CMYK fallback) to sRGB; leave it
    /// off for untagged files, where the transform would only cost CPU.
    /// The result is lazy; call `materialized()` before deriving many outputs.
    public static func thumbnail(of path: String, width: Int, failOn: FailOn = .none, toSRGB: Bool) throws -> VipsImage {
        try make("thumbnail", path: path) {
            imgsite_vips_thumbnail_file(path, $0, Int32(width), failOn.raw, toSRGB ? 1 : 0)
        }
    }

    /// Whether the image needs a colour transform to become sRGB: it embeds
    /// an ICC profile, or it is CMYK.
    public var needsColourTransform: Bool {
        vips_image_get_typeof(pointer, "icc-profile-data") != 0 || interpretation == "cmyk"
    }

    /// Decodes an encoded image held in memory (e.g. a file just written).
    /// libvips reads the buffer lazily without copying it, so the pixels are
    /// decoded here, while `bytes` is alive.
    public static func decode(_ bytes: [UInt8]) throws -> VipsImage {
        try bytes.withUnsafeBytes { buffer in
            guard let pointer = imgsite_vips_open_buffer(buffer.baseAddress, buffer.count) else {
                throw VipsError.fromBuffer(operation: "load buffer")
            }
            return try VipsImage(owning: pointer).materialized()
        }
    }

    /// Computes every pixel now into memory, so later resizes and saves
    /// read this copy instead of decoding the source file again. An image
    /// already in memory is returned as it is (libvips only adds a reference).
    public func materialized() throws -> VipsImage {
        guard let copy = vips_image_copy_memory(pointer) else {
            throw VipsError.fromBuffer(operation: "decode", path: string("filename"))
        }
        return VipsImage(owning: copy)
    }
}
