import CHeif
import Foundation
import ImgSiteMedia

/// Whether a source holds an HDR rendition beside its SDR one, and how,
/// read from its header and first bytes, never decoded (`SourceHeader`).
public enum DynamicRange: String, Sendable, Codable, Hashable {
    /// SDR only: what every other photo is.
    case sdr
    /// A JPEG whose gain map is a second image (Ultra HDR, ISO 21496-1: Pixel
    /// and Samsung phones, Lightroom): `GainMapJPEG`.
    case gainMapJPEG = "gain-map-jpeg"
    /// An iPhone's HEIC: Apple's gain map as an auxiliary image, its headroom
    /// in the maker note (`AppleGainMap`).
    case appleGainMap = "apple-gain-map"
    /// A 10-bit or deeper HEIF or AVIF in HDR light itself (PQ or HLG
    /// transfer): its SDR base is tone mapped, its gain map computed from the two.
    case pq, hlg

    public var isHDR: Bool { self != .sdr }

    /// How `--verbose` names it.
    public var label: String {
        switch self {
        case .sdr: "SDR"
        case .gainMapJPEG: "gain-map JPEG"
        case .appleGainMap: "Apple gain map"
        case .pq: "PQ"
        case .hlg: "HLG"
        }
    }
}

extension DynamicRange {
    /// What the file at `path`, which libvips' `loader` opened, holds: a
    /// JPEG's first segments say whether a gain map follows it; a HEIF's
    /// boxes (read by libheif, where it can be loaded) whether Apple's gain
    /// map is attached, with its headroom in the maker note of `exif`, or
    /// whether it is in PQ or HLG light, in which primaries.
    package static func of(file path: String, loader: String, exif: [UInt8]?) -> DynamicRange { read(file: path, loader: loader, exif: exif).range }

    /// `of(file:loader:exif:)` with the nclx colour primaries (9: BT.2020, 12: Display P3, 1: BT.709).
    package static func read(file path: String, loader: String, exif: [UInt8]?) -> (range: DynamicRange, primaries: Int) {
        switch loader {
        case "jpegload", "uhdrload":
            return (GainMapJPEG.announcesGainMap(head(of: path)) ? .gainMapJPEG : .sdr, 1)
        case "heifload":
            var light = imgsite_heif_light()
            var error = [CChar](repeating: 0, count: 256)
            guard imgsite_heif_light(path, &light, &error, error.count) == 0 else { return (.sdr, 1) }
            let primaries = Int(light.primaries)
            if light.apple_gain_map != 0, exif.flatMap(AppleGainMap.headroom) != nil { return (.appleGainMap, primaries) }
            guard light.bit_depth > 8 else { return (.sdr, primaries) }
            return (light.transfer == 16 ? .pq : light.transfer == 18 ? .hlg : .sdr, primaries)
        default:
            return (.sdr, 1)
        }
    }

    /// The first bytes of a file, enough for the segments before a JPEG's
    /// first scan (EXIF, XMP, an ICC profile, MPF) but a huge profile's.
    private static func head(of path: String) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        return [UInt8]((try? handle.read(upToCount: headBytes)) ?? Data())
    }

    static let headBytes = 512 * 1024
}
