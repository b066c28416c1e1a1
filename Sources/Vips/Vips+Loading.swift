internal import CVipsShim

extension Vips {
    /// The oldest libvips imgsite runs on; an older one is refused at load.
    public static let minimumVersion = IMGSITE_LIBVIPS_MINIMUM

    /// Why libvips cannot be used here (not found, older than
    /// `minimumVersion`, lacking a function imgsite needs), or nil once it
    /// is loaded. Loads it if need be and never ends the process, unlike
    /// any other call, which says the reason and exits with status 2.
    public static var loadFailure: String? { imgsite_vips_load_failure().map { String(cString: $0) } }

    /// Functions only one feature needs that this libvips lacks, each with
    /// the feature it turns off (`OPTIONAL` in `vips_symbols.h`): read once,
    /// as libvips is loaded once.
    nonisolated(unsafe) public static let missingFunctions: [(function: String, feature: String)] = {
        var missing: [(String, String)] = []
        while let name = imgsite_vips_missing(Int32(missing.count)) {
            let function = String(cString: name)
            missing.append((function, features[function] ?? "what needs it"))
        }
        return missing
    }()

    /// Whether this libvips can write JPEG XL (it has `vips_jxlsave_buffer`).
    public static let writesJPEGXL = !missingFunctions.contains { $0.function == "vips_jxlsave_buffer" }

    /// Whether this libvips can write GIF: libvips has a GIF saver only
    /// when it was built with a palette quantiser (libimagequant, which is
    /// GPL-3, or quantizr); imgsite's release bundle carries none, and its
    /// animations fall back to their still poster instead.
    public static let writesGIF: Bool = {
        try? startOnce()
        return imgsite_vips_writes_gif() != 0
    }()

    /// Run from the release bundle, points fontconfig at the bundle's
    /// fonts and `fonts.conf` (`FONTCONFIG_FILE`, unless set), so text
    /// watermarks look alike on every machine. It changes the environment:
    /// call it first in `main`, before any thread.
    public static func useBundledFonts() { imgsite_use_bundled_fonts() }

    /// Whether this libvips renders text (it was built with Pango and
    /// cairo, as Debian's and the release bundle's are): a text watermark needs it.
    public static let rendersText: Bool = {
        try? startOnce()
        return (try? VipsImage.text("x", font: "Sans 12", dpi: 72)) != nil
    }()

    private static let features = [
        "vips_jxlsave_buffer": "JPEG XL output",
        "vips_uhdrsave_buffer": "HDR photos' gain maps (published SDR)",
        "vips_image_get_gainmap": "HDR photos' gain maps (published SDR)",
        "vips_uhdr2scRGB": "HDR photos' gain maps (published SDR)",
        "vips_vector_set_enabled": "switching libvips' vector code off (a liborc with the allocator race then runs unlocked)",
    ]
}
