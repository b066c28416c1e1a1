internal import CVips
import Foundation

/// One libvips image. Owns exactly one GObject reference, released in `deinit`.
///
/// Not `Sendable`: an image stays on the thread that made it; only the
/// values derived from it (sizes, bytes) cross threads.
public final class VipsImage {
    let pointer: UnsafeMutablePointer<CVips.VipsImage>

    /// Takes over a reference the caller already holds (a libvips `out`).
    init(owning pointer: UnsafeMutablePointer<CVips.VipsImage>) {
        self.pointer = pointer
    }

    deinit {
        g_object_unref(pointer)
    }

    /// Width in pixels.
    public var width: Int { Int(vips_image_get_width(pointer)) }
    /// Height in pixels (of all pages stacked, for a multi-page image).
    public var height: Int { Int(vips_image_get_height(pointer)) }
    /// Number of bands, alpha included.
    public var bands: Int { Int(vips_image_get_bands(pointer)) }
    /// Whether the last band is alpha.
    public var hasAlpha: Bool { vips_image_hasalpha(pointer) != 0 }
    /// libvips' colour interpretation, e.g. "srgb", "b-w", "cmyk".
    public var interpretation: String {
        let value = vips_image_get_interpretation(pointer)
        return vips_enum_nick(vips_interpretation_get_type(), Int32(value.rawValue)).map { String(cString: $0) } ?? "unknown"
    }

    /// Runs a libvips call that writes a new image into `out`, wrapping it
    /// or turning the failure into a `VipsError` with the operation name.
    static func make(
        _ operation: String, path: String? = nil,
        _ call: (UnsafeMutablePointer<UnsafeMutablePointer<CVips.VipsImage>?>) -> Int32
    ) throws(VipsError) -> VipsImage {
        var out: UnsafeMutablePointer<CVips.VipsImage>?
        try LibvipsCall.run(operation, path: path) { call(&out) == 0 && out != nil }
        return VipsImage(owning: out!)
    }
}
