import Foundation
import Vips

/// An HDR file's rendition set beside its source's, as a reader with the
/// whole headroom shows them (libvips' uhdr2scRGB, linear light, SDR white
/// 1.0): the luminance of each pixel, and how far apart two are in stops
/// over the highlights (what the gain map exists for).
enum HDRRendition {
    /// How far one rendition is from another over the reference's
    /// highlights (luminance above SDR white), in stops.
    struct Error: CustomStringConvertible {
        var mean: Double, p95: Double, worst: Double
        var highlights: Int
        var description: String {
            String(format: "%.3f stops mean, %.3f at the 95th percentile, %.3f at worst, over %d highlight pixels", mean, p95, worst, highlights)
        }
    }

    /// Rec. 709 / sRGB luminance of band-interleaved linear RGB.
    static func luminance(_ rgb: [Float], bands: Int) -> [Double] {
        stride(from: 0, to: rgb.count - bands + 1, by: bands).map { (at: Int) -> Double in
            let red = 0.2126 * Double(rgb[at]), green = 0.7152 * Double(rgb[at + 1])
            return red + green + 0.0722 * Double(rgb[at + 2])
        }
    }

    /// The HDR rendition's luminance of the gain-map JPEG at `path`, turned
    /// upright from `orientation`, at `width` × `height`.
    static func ofFile(_ path: String, orientation: Int = 1, width: Int, height: Int) throws -> [Double] {
        let rendition = try VipsImage.header(of: path).hdrRendition().upright(fromOrientation: orientation)
        let sized = try rendition.resized(toWidth: width, height: height)
        return luminance(try sized.floatValues(), bands: sized.bands)
    }

    /// The SDR rendition's luminance (sRGB made linear) of `bytes`-sized pixels.
    static func sdrLuminance(_ rgb: [UInt8], bands: Int) -> [Double] {
        func linear(_ value: UInt8) -> Double {
            let v = Double(value) / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        return stride(from: 0, to: rgb.count - bands + 1, by: bands).map { (at: Int) -> Double in
            let red = 0.2126 * linear(rgb[at]), green = 0.7152 * linear(rgb[at + 1])
            return red + green + 0.0722 * linear(rgb[at + 2])
        }
    }

    /// `measured` against `reference`, pixel by pixel, over the reference's
    /// highlights: above SDR white, or its brightest 2 % where fewer are.
    static func error(_ measured: [Double], against reference: [Double]) -> Error {
        precondition(measured.count == reference.count, "renditions of one size")
        var highlights = reference.indices.filter { reference[$0] > 1 }
        if highlights.count < reference.count / 50 {
            let cut = reference.sorted()[reference.count * 98 / 100]
            highlights = reference.indices.filter { reference[$0] >= cut }
        }
        let stops = highlights.map { abs(log2(max(measured[$0], 1e-5) / max(reference[$0], 1e-5))) }.sorted()
        guard !stops.isEmpty else { return Error(mean: 0, p95: 0, worst: 0, highlights: 0) }
        return Error(mean: stops.reduce(0, +) / Double(stops.count), p95: stops[stops.count * 95 / 100], worst: stops.last!,
                     highlights: stops.count)
    }
}
