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
    /// shrink-on-load, upright by EXIF orientation, and converted to sRGB
    /// when the file embeds an ICC profile (untagged files are left alone).
    /// The result is lazy; call `materialized()` before deriving many outputs.
    public static func thumbnail(of path: String, width: Int, failOn: FailOn = .none) throws -> VipsImage {
        try make("thumbnail", path: path) { imgsite_vips_thumbnail_file(path, $0, Int32(width), failOn.raw) }
    }

    /// Decodes an encoded image held in memory (e.g. a file just written).
    public static func decode(_ bytes: [UInt8]) throws -> VipsImage {
        let pointer = bytes.withUnsafeBytes { imgsite_vips_open_buffer($0.baseAddress, $0.count) }
        guard let pointer else { throw VipsError.fromBuffer(operation: "load buffer") }
        return VipsImage(owning: pointer)
    }

    /// Computes every pixel now into memory, so later resizes and saves
    /// read this copy instead of decoding the source file again.
    public func materialized() throws -> VipsImage {
        guard let copy = vips_image_copy_memory(pointer) else {
            throw VipsError.fromBuffer(operation: "decode", path: string("filename"))
        }
        return VipsImage(owning: copy)
    }
}
