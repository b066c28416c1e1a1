internal import CVips
internal import CVipsShim

/// Pixel arithmetic, lazy like every libvips operation: what turns an HDR
/// still's light into an SDR base and a gain map (`HDRLight`). Results are
/// float images; `interpreted(as:)` says how to read them.
extension VipsImage {
    /// Each value replaced by `table`'s entry at it (a 16-bit signal: 65,536 entries).
    public func mapped(through table: [Float]) throws(VipsError) -> VipsImage {
        try Self.make("maplut") { out in table.withUnsafeBufferPointer { imgsite_vips_maplut_float(pointer, $0.baseAddress, Int32(table.count), out) } }
    }

    /// Each pixel's bands times `matrix` (one row per band out, one column per band in).
    public func recombined(_ matrix: [[Double]]) throws(VipsError) -> VipsImage {
        let flat = matrix.flatMap { $0 }
        return try Self.make("recomb") { out in
            flat.withUnsafeBufferPointer { imgsite_vips_recomb(pointer, out, $0.baseAddress, Int32(matrix.count), Int32(matrix[0].count)) }
        }
    }

    /// a × value + b.
    public func linear(_ a: Double, _ b: Double) throws(VipsError) -> VipsImage {
        try Self.make("linear") { imgsite_vips_linear1(pointer, $0, a, b) }
    }

    public func multiplied(by other: VipsImage) throws(VipsError) -> VipsImage {
        try Self.make("multiply") { imgsite_vips_multiply(pointer, other.pointer, $0) }
    }

    public func divided(by other: VipsImage) throws(VipsError) -> VipsImage {
        try Self.make("divide") { imgsite_vips_divide(pointer, other.pointer, $0) }
    }

    /// The natural logarithm of each value.
    public func logarithm() throws(VipsError) -> VipsImage {
        try Self.make("log") { imgsite_vips_log(pointer, $0) }
    }

    public func raised(to exponent: Double) throws(VipsError) -> VipsImage {
        try Self.make("pow") { imgsite_vips_pow_const(pointer, $0, exponent) }
    }

    /// Values as 16-bit, clipped to 0–65,535 (an index into a table).
    public func clippedToShorts() throws(VipsError) -> VipsImage {
        try Self.make("cast") { imgsite_vips_cast_ushort(pointer, $0) }
    }

    /// Negative values made 0.
    public func clampedAtZero() throws(VipsError) -> VipsImage {
        try Self.make("clamp") { imgsite_vips_clamp_positive(pointer, $0) }
    }

    /// The largest value of any band (computes every pixel).
    public func maximum() throws(VipsError) -> Double {
        var value = 0.0
        try LibvipsCall.run("max") { imgsite_vips_max(pointer, &value) == 0 }
        return value
    }

    /// sRGB made linear light (scRGB: floats, 1.0 white).
    public func linearLight() throws(VipsError) -> VipsImage {
        try Self.make("colourspace") { imgsite_vips_colourspace(pointer, $0, VIPS_INTERPRETATION_scRGB) }
    }

    /// Values as 8-bit, clipped to 0–255.
    public func clippedToBytes() throws(VipsError) -> VipsImage {
        try Self.make("cast") { imgsite_vips_cast_uchar(pointer, $0) }
    }

    /// How a float image of light is read: "scrgb" (linear, sRGB primaries) or "b-w".
    public enum Reading { case scRGB, grey }

    /// The same pixels, read as `reading`.
    public func interpreted(as reading: Reading) throws(VipsError) -> VipsImage {
        let interpretation = reading == .scRGB ? VIPS_INTERPRETATION_scRGB : VIPS_INTERPRETATION_B_W
        return try Self.make("copy") { imgsite_vips_interpreted(pointer, $0, interpretation) }
    }
}
