/// How much a JPEG is shrunk while it is decoded. libjpeg can scale by 1/2,
/// 1/4 and 1/8 inside its inverse DCT, for a fraction of the decode's cost;
/// as sharp does, imgsite takes the largest factor whose output stays at or
/// above the widest size wanted, so the final resize (Lanczos) still only
/// shrinks. (libvips' own thumbnail keeps a factor of 2 for that resize and
/// so decodes 4× the pixels whenever the shrink is between 1.5 and 2.9.)
enum ShrinkOnLoad {
    /// The factor (1, 2, 4 or 8) for a source `sourceWidth` pixels wide,
    /// upright, to be made `targetWidth` wide. libjpeg rounds scaled sizes up.
    static func jpegFactor(sourceWidth: Int, targetWidth: Int) -> Int {
        for factor in [8, 4, 2] where (sourceWidth + factor - 1) / factor >= targetWidth {
            return factor
        }
        return 1
    }
}
