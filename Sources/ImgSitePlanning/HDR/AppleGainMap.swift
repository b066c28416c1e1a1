import CHeif
import Foundation
import ImgSiteMedia
import Vips

/// Apple's HDR gain map, as iPhones since the 12 (iOS 14.1) store it in a
/// HEIC: an 8-bit, one-channel auxiliary image of type
/// `urn:com:apple:photo:2020:aux:hdrgainmap`, encoded with the Rec. 709
/// transfer, whose headroom is given by two maker-note tags (33 and 48).
/// A pixel's HDR value is its SDR value (linear) times
/// 1 + (headroom − 1) × gain, gain being the map's value made linear (Apple's
/// "Applying Apple HDR effect to your photos").
///
/// Gain-map JPEGs express the same as a log2 ratio between a minimum and a
/// maximum boost: with 1 and the headroom, a value's log2(1 + (headroom − 1)
/// × gain) / log2(headroom) gives the same HDR pixel, so the map is carried
/// over through a table of 256 entries.
package enum AppleGainMap {
    /// The headroom (the brightest HDR white over SDR white, ≥ 1) Apple's
    /// maker note gives in the EXIF block `exif` ("Exif\0\0" and TIFF, or
    /// TIFF alone); nil without the tags, or when it is no brighter than SDR.
    static func headroom(exif: [UInt8]) -> Double? {
        guard let (maker33, maker48) = makerNoteValues(exif) else { return nil }
        let stops: Double = if maker33 < 1 {
            maker48 <= 0.01 ? -20 * maker48 + 1.8 : -0.101 * maker48 + 1.601
        } else {
            maker48 <= 0.01 ? -70 * maker48 + 3 : -0.303 * maker48 + 2.303
        }
        let headroom = pow(2, max(stops, 0))
        return headroom > 1.01 ? headroom : nil
    }

    /// The gain map of the HEIC at `path`, as libheif decodes it, carried
    /// over to a gain-map JPEG's terms with `headroom` (`lut`).
    package static func read(_ path: String, headroom: Double) throws(VipsError) -> GainMap {
        var pixels: UnsafeMutablePointer<UInt8>?
        var (width, height): (Int32, Int32) = (0, 0)
        var error = [CChar](repeating: 0, count: 512)
        guard imgsite_heif_apple_gain_map(path, &pixels, &width, &height, &error, error.count) == 0, let pixels else {
            throw VipsError(operation: "libheif", path: path, message: String(cBuffer: error))
        }
        defer { free(pixels) }
        let map = try VipsImage.grey(pixels: UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height)),
                                     width: Int(width), height: Int(height))
        return GainMap(image: try map.mapped(through: lut(headroom: headroom)), parameters: GainMapParameters(maxContentBoost: headroom))
    }

    /// Apple's gain value v (0–255, Rec. 709 encoded) → a gain-map JPEG's
    /// (gamma 1, boosts 1 to `headroom`, no offsets).
    static func lut(headroom: Double) -> [UInt8] {
        (0...255).map { value in
            let linear = rec709Linear(Double(value) / 255)
            let ratio = 1 + (headroom - 1) * linear
            return UInt8((log2(ratio) / log2(headroom) * 255).rounded().clamped(0, 255))
        }
    }

    /// Rec. 709's inverse transfer function.
    static func rec709Linear(_ value: Double) -> Double {
        value < 0.081 ? value / 4.5 : pow((value + 0.099) / 1.099, 1 / 0.45)
    }

    /// Maker-note tags 33 and 48 of an Apple maker note ("Apple iOS",
    /// big-endian, offsets from its own start) in the EXIF sub-directory.
    static func makerNoteValues(_ exif: [UInt8]) -> (Double, Double)? {
        let tiff = Array(exif.starts(with: Array("Exif\0\0".utf8)) ? exif.dropFirst(6) : exif[...])
        guard let reader = TIFFReader(tiff), let exifIFD = reader.entry(0x8769, in: reader.firstDirectory).map({ reader.value(of: $0) }),
              let note = reader.entry(0x927C, in: exifIFD), note.count >= 16
        else { return nil }
        let start = note.type == 7 && note.count > 4 ? reader.u32(note.at + 8) : nil
        guard let start, start + 16 <= tiff.count, tiff[start..<(start + 9)].elementsEqual("Apple iOS".utf8),
              tiff[start + 12] == 0x4D, tiff[start + 13] == 0x4D
        else { return nil }
        // The note's own directory: big-endian, its offsets counted from the note's start.
        guard let apple = TIFFReader(Array(tiff[start...]), bigEndian: true), let count = apple.u16(14) else { return nil }
        var values: [Int: Double] = [:]
        for index in 0..<min(count, 256) {
            let at = 16 + index * 12
            guard let tag = apple.u16(at), tag == 33 || tag == 48, let type = apple.u16(at + 2),
                  let offset = apple.u32(at + 8) else { continue }
            switch type {
            case 5, 10:  // (signed) rational
                guard let numerator = apple.u32(offset), let denominator = apple.u32(offset + 4), denominator != 0 else { continue }
                let signed = { (raw: Int) in type == 10 ? Double(Int32(truncatingIfNeeded: raw)) : Double(raw) }
                values[tag] = signed(numerator) / signed(denominator)
            case 11:  // float, in place
                values[tag] = Double(Float(bitPattern: UInt32(offset)))
            default: continue
            }
        }
        guard let maker33 = values[33], let maker48 = values[48] else { return nil }
        return (maker33, maker48)
    }
}

/// A TIFF block's directories, read without copying: what the EXIF of a
/// HEIC needs for its maker note.
package struct TIFFReader {
    package let bytes: [UInt8]
    package let little: Bool

    package struct Entry {
        package var tag: Int, type: Int, count: Int
        /// Where the entry starts.
        package var at: Int
    }

    /// nil when `bytes` is too short or starts with neither byte order's mark.
    package init?(_ bytes: [UInt8], bigEndian: Bool? = nil) {
        self.bytes = bytes
        if let bigEndian {
            little = !bigEndian
        } else {
            guard bytes.count >= 8, bytes[0] == bytes[1], bytes[0] == 0x49 || bytes[0] == 0x4D else { return nil }
            little = bytes[0] == 0x49
        }
    }

    var firstDirectory: Int { u32(4) ?? 0 }

    func u16(_ at: Int) -> Int? {
        guard at >= 0, at + 2 <= bytes.count else { return nil }
        return little ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1])
    }

    func u32(_ at: Int) -> Int? {
        guard let a = u16(at), let b = u16(at + 2) else { return nil }
        return little ? b << 16 | a : a << 16 | b
    }

    /// The entry of `tag` in the directory at `directory`.
    package func entry(_ tag: Int, in directory: Int) -> Entry? {
        guard let count = u16(directory), count < 1000 else { return nil }
        for index in 0..<count {
            let at = directory + 2 + index * 12
            guard let found = u16(at), found == tag, let type = u16(at + 2), let count = u32(at + 4) else { continue }
            return Entry(tag: tag, type: type, count: count, at: at)
        }
        return nil
    }

    /// A LONG entry's value (a sub-directory's offset).
    package func value(of entry: Entry) -> Int { u32(entry.at + 8) ?? 0 }
}
