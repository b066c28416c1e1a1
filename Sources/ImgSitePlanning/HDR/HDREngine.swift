import CHeif
import Vips

/// What this machine can do with HDR photos: read each kind's HDR rendition
/// and write gain-map JPEGs (libvips 8.18 or newer with libultrahdr). Where
/// it cannot, HDR photos are published SDR, and `--version` and the build
/// say so once.
public enum HDREngine {
    /// Why no HDR rendition can be published here, or nil when it can.
    public static var unavailable: String? {
        Vips.handlesGainMaps ? nil
            : "libvips \(Vips.version) cannot write gain maps (it needs libvips 8.18 or newer built with libultrahdr, as the release bundle's is)"
    }

    /// Whether a source of `range` publishes its HDR rendition here.
    package static func writes(_ range: DynamicRange) -> Bool {
        guard Vips.handlesGainMaps else { return false }
        return switch range {
        case .sdr: false
        case .gainMapJPEG: true
        case .appleGainMap: imgsite_heif_unavailable() == nil
        case .pq, .hlg: true
        }
    }

    /// `imgsite --version`'s line.
    public static var report: String {
        unavailable.map { "HDR photos: published SDR, \($0)" }
            ?? "HDR photos: gain maps kept (Ultra HDR and ISO 21496-1 JPEGs"
            + (imgsite_heif_unavailable() == nil ? ", iPhones' HEIC" : "; iPhones' HEIC published SDR: \(String(cString: imgsite_heif_unavailable()))")
            + ", PQ and HLG stills)"
    }
}
