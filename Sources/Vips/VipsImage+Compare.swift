internal import CVips
internal import CVipsShim

extension VipsImage {
    /// Upright by its EXIF orientation (a full decode's own rotation).
    public func autorotated() throws(VipsError) -> VipsImage {
        try Self.make("autorot") { imgsite_vips_autorot(pointer, $0) }
    }

    /// Upright as EXIF `orientation` (1–8) says, for pixels decoded as
    /// stored (`decodedPlainJPEG`), into memory.
    public func upright(fromOrientation orientation: Int) throws(VipsError) -> VipsImage {
        if orientation == 1 { return self }
        return try Self.make("autorot") { imgsite_vips_upright(pointer, $0, Int32(orientation)) }.materialized()
    }

    /// PSNR in dB of this image against `reference` (8 bits a channel, same
    /// size and bands): 10·log10(255² / mean squared difference); infinity
    /// when they are identical.
    public func psnr(against reference: VipsImage) throws(VipsError) -> Double {
        precondition(width == reference.width && height == reference.height && bands == reference.bands, "PSNR needs images of one size")
        var mse = 0.0
        try LibvipsCall.run("psnr") { imgsite_vips_mean_squared_difference(pointer, reference.pointer, &mse) == 0 }
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }
}
