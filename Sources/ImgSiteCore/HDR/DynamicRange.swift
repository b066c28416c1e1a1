import Foundation

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
    /// JPEG's first segments say whether a gain map follows it.
    static func of(file path: String, loader: String) -> DynamicRange {
        switch loader {
        case "jpegload", "uhdrload":
            return GainMapJPEG.announcesGainMap(head(of: path)) ? .gainMapJPEG : .sdr
        default:
            return .sdr
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
