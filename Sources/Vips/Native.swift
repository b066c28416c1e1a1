internal import CVipsShim
import Foundation

/// imgsite's own code beside libvips' public API: each fast path, on only
/// where it applies (`NativeGates` decides) and its self-check passes.
/// `IMGSITE_NATIVE=off` switches every one off: imgsite then uses libvips'
/// public API alone, as on a platform or libvips where none applies.
public enum Native {
    /// One fast path: whether it is on here, and why (or why not).
    public struct Path: Sendable {
        public let name: String
        public let isOn: Bool
        public let reason: String
    }

    /// `IMGSITE_NATIVE=off`.
    public static var forcedOff: Bool { imgsite_native_forced_off() != 0 }

    /// A value of `IMGSITE_NATIVE` other than on or off, said as an error.
    public static var environmentProblem: String? {
        guard let value = ProcessInfo.processInfo.environment["IMGSITE_NATIVE"], !["", "on", "off"].contains(value) else {
            return nil
        }
        return "IMGSITE_NATIVE=\(value) is not understood: use off (libvips' public API alone) or on (the default)"
    }

    /// The own Lanczos-3 reduce (`reduceh.c`, `reducev.c`).
    public static var resampler: Bool { NativeGates.here.resampler }
    /// libjpeg-turbo's decode and encode of plain JPEGs (`jpeg*.c`), once
    /// its self-check has passed (`NativeSelfChecks.jpegCodec`).
    public static var jpegCodec: Bool { NativeGates.here.jpegCodec && NativeSelfChecks.jpegCodec }

    /// JPEG-only sites resized as Y, Cb and Cr planes (`JPEGPlanesProcessor`):
    /// the planes go through the own resampler, so this is on only where it is.
    public static var jpegPlanes: Bool { jpegCodec && resampler }

    /// An embedded profile lcms finds to be sRGB itself is left as it is,
    /// with no colour transform (`icc.c`); off with `IMGSITE_NATIVE=off`
    /// (libvips then transforms from every embedded profile) or when its
    /// self-check fails.
    public static var srgbProfileShortcut: Bool { !forcedOff && NativeSelfChecks.srgbProfiles }

    /// The paths that shape output bytes, for the cache keys: a file made
    /// with them may differ slightly from one made by libvips alone.
    public static var signature: String {
        [resampler ? "resampler" : nil, jpegCodec ? "jpeg" : nil, vectorCodeOff ? "no-vector" : nil, srgbProfileShortcut ? "srgb-icc" : nil]
            .compactMap { $0 }.joined(separator: "+").nonEmpty ?? "none"
    }

    /// libvips' vector code switched off: a liborc with the allocator race
    /// and no lock around it.
    public static var vectorCodeOff: Bool { NativeGates.here.vectorCodeOff }

    /// Whether this process has CVipsInterposers' definitions (the imgsite
    /// executable and the tests do; another package using ImgSiteCore not).
    static var interposersLinked: Bool { imgsite_interposers_present() != 0 }

    /// The file libvips was loaded from.
    public static var libvipsFile: String? { imgsite_libvips_file().map { String(cString: $0) } }

    /// liborc's version, when libvips brought it.
    public static var liborcVersion: String? { imgsite_liborc_version().map { String(cString: $0) } }

    /// Every fast path, in the order of docs/native.md's table.
    public static var paths: [Path] {
        try? Vips.startOnce()  // the self-checks call into libvips
        let off = forcedOff ? "IMGSITE_NATIVE=off" : nil
        var paths: [Path] = []
        let modules = imgsite_modules_on_demand() != 0
        paths.append(Path(name: "libvips modules loaded when needed", isOn: modules,
                          reason: modules ? "HEIF and JPEG XL only for builds that use them, the others for a file nothing else reads"
                              : off ?? (!interposersLinked ? "imgsite's vips_guess_libdir is not linked (ImgSiteCore as a library)"
                                  : imgsite_vipshome_is_users() != 0 ? "VIPSHOME is set"
                                  : imgsite_loads_modules() == 0 ? "no modules folder beside libvips"
                                  : "libvips' calls do not reach imgsite's vips_guess_libdir: libvips loads its modules itself")))
        let messages = Vips.capturesMessagesPerThread
        paths.append(Path(name: "per-thread libvips messages", isOn: messages,
                          reason: messages ? "each failure carries its own image's libvips message"
                              : off ?? "libvips' calls do not reach imgsite's vips_error: a failed image runs again alone to read its message from libvips' shared buffer"))
        let orcLock = NativeGates.here.orcLock
        paths.append(Path(name: "liborc allocator lock", isOn: orcLock, reason: orcLockReason(on: orcLock, off: off)))
        paths.append(Path(name: "own Lanczos-3 resampler", isOn: resampler,
                          reason: resampler ? "vectorised; libvips \(Vips.version)'s reduce is scalar"
                                + (Vips.version.hasPrefix("8.14") ? "" : " (built without Highway)")
                              : off ?? "libvips \(Vips.version) vectorises its own reduce"))
        paths.append(Path(name: "libjpeg-turbo JPEG decode and encode", isOn: jpegCodec,
                          reason: jpegCodec ? "plain JPEGs decoded at 1/shrink and encoded in memory"
                              : off ?? "its self-check failed: libvips' JPEG loader and saver are used"))
        paths.append(Path(name: "4:2:0 planes for JPEG-only sites", isOn: jpegPlanes,
                          reason: jpegPlanes ? "Y, Cb and Cr resized apart, never converted to RGB"
                              : off ?? (!jpegCodec ? "the libjpeg-turbo path is off"
                                  : "they go through the own resampler, which is off here: JPEG-only sites take the RGB path")))
        paths.append(Path(name: "sRGB profiles left as they are", isOn: srgbProfileShortcut,
                          reason: srgbProfileShortcut ? "a photo tagged with an sRGB profile (lcms checks it) needs no colour transform"
                              : off ?? "its self-check failed: libvips transforms from every embedded profile"))
        return paths
    }

    private static func orcLockReason(on: Bool, off: String?) -> String {
        guard let version = liborcVersion else { return off ?? "libvips brought no liborc" }
        if on { return "liborc \(version) races in its code allocator (fixed in 0.4.34)" }
        if vectorCodeOff { return "\(off ?? "liborc's calls do not reach imgsite's lock"); liborc \(version) races, so libvips' vector code is off" }
        if let off { return off }
        return !NativeGates.Facts.loaded.racyOrc ? "liborc \(version) has the fix (0.4.34)" : "liborc's calls do not reach imgsite's lock"
    }
}

private extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
