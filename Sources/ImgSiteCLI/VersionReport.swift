import Foundation
import ImgSiteCore
import ImgSiteMedia
import ImgSitePlanning
import Vips

/// `imgsite --version`: imgsite's version, the libvips it loaded and from
/// where, and which native fast paths are on (docs/native.md).
enum VersionReport {
    /// What this build is: the release, or the commit it was built from
    /// (`0.4.0+dev.c025576`): the bundle's, else the source tree's at build time.
    static var buildVersion: String { ReleaseBundle.current?.version ?? sourceBuildVersion }

    static var text: String {
        // The bundle first, as install.md says; its version says whether it is a release.
        let bundle = ReleaseBundle.current
        var lines = (bundle.map { [$0.line] } ?? []) + ["imgsite \(buildVersion)"]
        if let failure = Vips.loadFailure {
            return (lines + ["libvips: cannot be used: \(failure)"]).joined(separator: "\n")
        }
        lines.append("libvips \(Vips.version) (\(Native.libvipsFile ?? "file unknown"))")
        // Gain maps are said in their own line; a libvips before 8.15 has no Highway to ask about (the resampler's line says).
        for (function, feature) in Vips.missingFunctions
        where !Vips.gainMapFunctions.contains(function) && function != "vips_vector_get_builtin_targets" {
            lines.append("  missing \(function): \(feature) off")
        }
        if !Vips.writesGIF {
            lines.append("  no GIF saver (built without a palette quantiser): animations fall back to their still poster")
        }
        lines.append(HDREngine.report)
        if let orc = Native.liborcVersion { lines.append("liborc \(orc)") }
        lines.append(RawPreview.unavailable.map { "RAW files: skipped, \($0)" } ?? "RAW files: shown through their previews (libraw)")
        lines.append(ClipProbe.report)
        lines.append("native fast paths\(Native.forcedOff ? " (IMGSITE_NATIVE=off)" : ""):")
        for path in Native.paths {
            lines.append("  \(path.isOn ? "on " : "off") \(path.name): \(path.reason)")
        }
        return lines.joined(separator: "\n")
    }

    /// Under `--verbose`: one line per fast path that is off, with why.
    static func sayOffPaths() {
        for path in Native.paths where !path.isOn {
            Terminal.error("native: \(path.name) off: \(path.reason)")
        }
    }
}
