import Foundation
import ImgSiteMedia
import Vips

/// An HDR still in HDR light itself: a 10-bit or deeper HEIF or AVIF whose
/// samples are PQ (SMPTE ST 2084) or HLG (ARIB STD-B67) signals, as cameras
/// and Lightroom export HDR AVIF. libvips (8.14 to 8.18) reads their
/// samples as 16-bit numbers and knows neither transfer, so the light is
/// made here: the signal through the transfer's table to linear light (SDR
/// white, 203 nits by ITU-R BT.2408, at 1.0), to sRGB's primaries, then
///
/// - the SDR base, tone mapped: each pixel's colour scaled by one factor of
///   its luminance L (`curve`), which leaves what is darker than half of SDR
///   white as it is and rolls the rest off to white at W, the photo's brightest;
/// - a gain map a quarter of its size: log2 of the HDR luminance over the
///   base's (as quantised and clipped), each offset by 1/64, between a
///   boost of 1 and the largest, so that the base times the map gives the
///   HDR light back.
///
/// Every photo is built from this base, whether or not its HDR files are
/// made (`hdr: sdr`, or a libvips that cannot write gain maps).
package enum HDRLight {
    static let sdrWhite = 203.0
    /// The gain map's size over the photo's, on each side.
    static let gainMapScale = 4
    package static let offset = 1.0 / 64

    /// BT.2020's primaries to BT.709's (sRGB's), linear light (ITU-R BT.2087).
    static let bt2020To709: [[Double]] = [
        [1.6605, -0.5876, -0.0728], [-0.1246, 1.1329, -0.0083], [-0.0182, -0.1006, 1.1187],
    ]
    /// Display P3's primaries to BT.709's.
    static let p3To709: [[Double]] = [
        [1.2249, -0.2247, 0.0], [-0.0420, 1.0419, 0.0], [-0.0197, -0.0786, 1.0979],
    ]
    static let luminance709 = [[0.2126, 0.7152, 0.0722]]
    static let luminance2020 = [[0.2627, 0.6780, 0.0593]]

    /// PQ's EOTF: signal (0–1) → display light in nits.
    static func pq(_ signal: Double) -> Double {
        let (m1, m2, c1, c2, c3) = (2610.0 / 16384, 2523.0 / 4096 * 128, 3424.0 / 4096, 2413.0 / 4096 * 32, 2392.0 / 4096 * 32)
        let e = pow(max(signal, 0), 1 / m2)
        return 10_000 * pow(max(e - c1, 0) / (c2 - c3 * e), 1 / m1)
    }

    /// HLG's inverse OETF: signal (0–1) → scene light (0–1).
    static func hlg(_ signal: Double) -> Double {
        let (a, b) = (0.17883277, 1 - 4 * 0.17883277)
        let c = 0.5 - a * log(4 * a)
        return signal <= 0.5 ? signal * signal / 3 : (exp((signal - c) / a) + b) / 12
    }

    /// The 65,536 entries that take a 16-bit sample to light: for PQ, display
    /// light in units of SDR white; for HLG, scene light (its OOTF follows).
    package static func table(_ range: DynamicRange) -> [Float] {
        (0..<65_536).map { value in
            let signal = Double(value) / 65_535
            return Float(range == .pq ? pq(signal) / sdrWhite : hlg(signal))
        }
    }

    /// `decode` for the source decoded from `file` made `width` wide at the
    /// largest, when it is a still in PQ or HLG light (nil for every other),
    /// its failure worded for the build.
    package static func decode(_ file: String, displayPath: String, header: SourceHeader, width: Int) throws(BuildError) -> (base: VipsImage, gainMap: GainMap)? {
        guard header.dynamicRange == .pq || header.dynamicRange == .hlg else { return nil }
        do {
            return try decode(file, header: header, width: width, height: header.height(atWidth: width))
        } catch {
            throw BuildError(path: displayPath, "its \(header.dynamicRange.label) light cannot be read: \(VipsError.reason(error))")
        }
    }

    /// The SDR base (sRGB, 8 bits, upright, `width` × `height`) and the gain
    /// map of the PQ or HLG still at `path` (`header` its header).
    package static func decode(_ path: String, header: SourceHeader, width: Int, height: Int) throws(VipsError) -> (base: VipsImage, gainMap: GainMap) {
        let signal = try VipsImage.header(of: path).upright(fromOrientation: header.orientation)
        var light = try signal.mapped(through: table(header.dynamicRange))
        if header.dynamicRange == .hlg {
            // HLG's OOTF for a 1,000-nit display: display light = scene light × Ys^0.2 (gamma 1.2), in nits over SDR white.
            let scene = try light.recombined(header.lightPrimaries == 9 ? luminance2020 : luminance709).linear(1, 1e-9)
            light = try light.multiplied(by: scene.raised(to: 0.2)).linear(1000 / sdrWhite, 0)
        }
        let toSRGB = header.lightPrimaries == 9 ? bt2020To709 : header.lightPrimaries == 12 ? p3To709 : nil
        // Below black there is no light: what a resampler's ringing and colours outside sRGB's gamut put there.
        let linear = try (toSRGB.map { (matrix) throws(VipsError) in try light.recombined(matrix) } ?? light)
            .resized(toWidth: width, height: height).clampedAtZero().materialized()
        let luminance = try linear.recombined(luminance709)
        let white = max(try luminance.maximum(), 1.001)
        // curve(L) / L for every band of the pixel, through a table of L over 65,536 steps to white.
        let steps = 65_535.0
        let factors = (0...65_535).map { step in
            let light = white * Double(step) / steps
            return Float(light <= knee ? 1 : curve(light, white: white) / light)
        }
        let factor = try luminance.linear(steps / white, 0.5).clippedToShorts().mapped(through: factors)
        let base = try linear.multiplied(by: factor).interpreted(as: .scRGB).srgb().materialized()
        return (base, try gainMap(hdr: linear, base: base))
    }

    /// Luminance below it is left as it is by the tone curve: half of SDR white.
    static let knee = 0.5

    /// The tone curve: L itself up to `knee`; above it Reinhard's curve,
    /// extended to reach SDR white at `white`, over the rest: x(1 + x / xw²)
    /// / (1 + x) of the light past the knee, in units of the room left
    /// (continuous, and of slope 1, at the knee).
    package static func curve(_ light: Double, white: Double) -> Double {
        guard light > knee else { return light }
        let room = 1 - knee
        let (x, top) = ((light - knee) / room, max((white - knee) / room, 1e-6))
        return knee + room * x * (1 + x / (top * top)) / (1 + x)
    }

    /// The gain map that takes `base` (sRGB) to `hdr` (linear light): log2
    /// of their luminances' ratio over the largest, a quarter of the size.
    package static func gainMap(hdr: VipsImage, base: VipsImage) throws(VipsError) -> GainMap {
        let (width, height) = (max(1, base.width / gainMapScale), max(1, base.height / gainMapScale))
        let hdrLuminance = try hdr.resized(toWidth: width, height: height).recombined(luminance709).clampedAtZero().linear(1, offset)
        let sdrLuminance = try base.linearLight().resized(toWidth: width, height: height).recombined(luminance709).clampedAtZero().linear(1, offset)
        let stops = try hdrLuminance.divided(by: sdrLuminance).logarithm().linear(1 / log(2), 0).materialized()
        let top = max(try stops.maximum(), 0.01)
        let map = try stops.linear(255 / top, 0).clippedToBytes().interpreted(as: .grey).materialized()
        var parameters = GainMapParameters(maxContentBoost: pow(2, top))
        parameters.offsetSDR = [offset, offset, offset]
        parameters.offsetHDR = [offset, offset, offset]
        return GainMap(image: map, parameters: parameters)
    }
}
