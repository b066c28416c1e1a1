internal import CVips
internal import CVipsShim

extension VipsImage {
    /// A copy `width` pixels wide, aspect kept, never enlarged. Alpha is
    /// premultiplied while resampling (libvips' thumbnail path does it).
    public func downsized(toWidth width: Int) throws(VipsError) -> VipsImage {
        if width >= self.width { return self }
        return try Self.make("resize") { imgsite_vips_thumbnail_image(pointer, $0, Int32(width)) }
    }

    /// A copy `width` × `height`, resampled as `downsized(toWidth:)` is:
    /// a size made from another size keeps the source's own rounding. An
    /// 8-bit image without alpha comes back in memory, reduced horizontally
    /// by the shim's vectorised Lanczos-3 (`CVipsShim/reduceh.c`) where the
    /// own resampler is on (`Native.resampler`: libvips < 8.15), else by libvips.
    public func downsized(toWidth width: Int, height: Int) throws(VipsError) -> VipsImage {
        if width >= self.width { return self }
        guard Native.resampler, height <= self.height, imgsite_reduceh_eligible(pointer, Int32(width)) != 0 else {
            return try Self.make("resize") { imgsite_vips_thumbnail_image_exact(pointer, $0, Int32(width), Int32(height)) }
        }
        return try Self.make("resize") { imgsite_reduce(pointer, $0, Int32(width), Int32(height), nil) }
    }

    /// `downsized(toWidth:height:)` entirely by libvips (its scalar
    /// horizontal reduce): the reference the shim's reduce is tested against.
    func downsizedByLibvips(toWidth width: Int, height: Int) throws(VipsError) -> VipsImage {
        try Self.make("resize") { imgsite_vips_thumbnail_image_exact(pointer, $0, Int32(width), Int32(height)) }.materialized()
    }

    /// A copy exactly `width` × `height`, aspect not kept (tiny grids).
    public func resized(toWidth width: Int, height: Int) throws(VipsError) -> VipsImage {
        let hscale = Double(width) / Double(self.width)
        let vscale = Double(height) / Double(self.height)
        return try Self.make("resize") { imgsite_vips_resize(pointer, $0, hscale, vscale) }
    }

    /// Drops the alpha band by compositing over an opaque colour (0–255).
    public func flattened(red: Double = 255, green: Double = 255, blue: Double = 255) throws(VipsError) -> VipsImage {
        guard hasAlpha else { return self }
        return try Self.make("flatten") { imgsite_vips_flatten(pointer, $0, red, green, blue) }
    }

    /// Converts to 8-bit sRGB (gray and CMYK included), keeping alpha.
    public func srgb() throws(VipsError) -> VipsImage {
        let converted = interpretation == "srgb" ? self
            : try Self.make("colourspace") { imgsite_vips_colourspace(pointer, $0, VIPS_INTERPRETATION_sRGB) }
        if vips_image_get_format(converted.pointer) == VIPS_FORMAT_UCHAR { return converted }
        return try Self.make("cast") { imgsite_vips_cast_uchar(converted.pointer, $0) }
    }

    /// libvips' own ICC transform from the embedded profile to sRGB: the
    /// reference a test compares imgsite's colours against.
    public func iccTransformedToSRGB() throws(VipsError) -> VipsImage {
        try Self.make("icc_transform") { imgsite_vips_icc_to_srgb(pointer, $0) }
    }
}
