/// How much a JPEG is shrunk while it is decoded. libjpeg can scale by 1/2,
/// 1/4 and 1/8 inside its inverse DCT, for a fraction of the decode's cost;
/// imgsite takes the largest factor whose output stays at least 15 % wider
/// than the widest size wanted, so the final resize (Lanczos) still shrinks
/// by enough to smooth the scaled IDCT's block edges. With less margin the
/// 800 px files of `make bench-peers` lost up to 1 dB PSNR against a full
/// decode (1,800 px photos decoded at 900, 1,680 at 840); from 20 % up they
/// lose under 0.1 dB. (libvips' own thumbnail keeps a factor of 2 for that
/// resize and so decodes 4× the pixels whenever the shrink is between 1.5
/// and 2.9.)
package enum ShrinkOnLoad {
    /// How much wider than the target the scaled decode must stay, in percent.
    package static let margin = 115

    /// The factor (1, 2, 4 or 8) for a source `sourceWidth` pixels wide,
    /// upright, to be made `targetWidth` wide. libjpeg rounds scaled sizes up.
    static func jpegFactor(sourceWidth: Int, targetWidth: Int) -> Int {
        for factor in [8, 4, 2] where (sourceWidth + factor - 1) / factor * 100 >= targetWidth * margin {
            return factor
        }
        return 1
    }
}
