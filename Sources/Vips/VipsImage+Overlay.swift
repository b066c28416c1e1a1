internal import CVips
internal import CVipsShim

extension VipsImage {
    /// `overlay` (with alpha) laid over this image at (`x`, `y`), by its
    /// alpha: a watermark. The result has an alpha band.
    public func composited(_ overlay: VipsImage, x: Int, y: Int) throws(VipsError) -> VipsImage {
        try Self.make("composite") { imgsite_vips_composite_over(pointer, overlay.pointer, Int32(x), Int32(y), $0) }
    }

    /// This image with `patch` (the same bands and format) pasted at (`x`, `y`).
    public func inserting(_ patch: VipsImage, x: Int, y: Int) throws(VipsError) -> VipsImage {
        try Self.make("insert") { imgsite_vips_insert(pointer, patch.pointer, Int32(x), Int32(y), $0) }
    }

    /// `text` rendered by libvips (Pango) in `font` at `dpi`: a one-band
    /// mask, 255 where the glyphs are. Throws where libvips was built
    /// without text rendering (without Pango).
    public static func text(_ text: String, font: String, dpi: Int) throws(VipsError) -> VipsImage {
        try make("text") { imgsite_vips_text(text, font, Int32(dpi), $0) }
    }
}
