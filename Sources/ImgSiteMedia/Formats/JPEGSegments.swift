/// A JPEG file's marker segments, rewritten without its metadata and with
/// its scans copied byte for byte: the pixels are never decoded again.
///
/// Kept: the tables, frames and scans, APP0 (JFIF), the ICC profile (APP2
/// `ICC_PROFILE`) and APP14 (Adobe: how to read the colour channels).
/// Left out: EXIF and XMP (APP1), FlashPix and multi-picture data (other
/// APP2), IPTC (APP13), every other APPn, comments, and anything after the
/// end of the image (phones append secondary images and videos there). A
/// new EXIF block holds only the orientation and, when given, the credit.
package enum JPEGSegments {
    /// `bytes` rewritten; nil when its structure cannot be followed.
    package static func cleaned(_ bytes: [UInt8], credit: (artist: String?, copyright: String?)) -> [UInt8]? {
        cleaned(bytes) { CreditExif.tiff(artist: credit.artist, copyright: credit.copyright, orientation: $0) }
    }

    /// `bytes` rewritten with the EXIF (TIFF bytes) `exif` makes from the
    /// orientation the file's own EXIF gave (1 without one); none when nil.
    /// `adding`: whole segments to write after the EXIF (a gain map's XMP and MPF);
    /// `keepingProfile` false: without the ICC profile too (a file known to be sRGB).
    package static func cleaned(_ bytes: [UInt8], exif makeExif: (Int) -> [UInt8]?, adding extra: [[UInt8]] = [],
                        keepingProfile: Bool = true) -> [UInt8]? {
        guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
        var head: [UInt8] = []  // the segments before the first scan, kept ones only
        var orientation = 1
        var offset = 2
        var insertAt = 0  // after a leading APP0: JFIF must come first
        while true {
            guard let (marker, start) = nextMarker(bytes, from: offset) else { return nil }
            if marker == 0xDA { offset = start; break }
            guard start + 4 <= bytes.count else { return nil }
            let end = start + 2 + Int(bytes.bigEndianUInt16(at: start + 2))
            guard end <= bytes.count else { return nil }
            let segment = bytes[start..<end]
            let payload = bytes[(start + 4)..<end]
            if marker == 0xE1, payload.starts(with: Array("Exif\0\0".utf8)) {
                orientation = exifOrientation(Array(payload.dropFirst(6))) ?? orientation
            }
            if keeps(marker, payload), keepingProfile || marker != 0xE2 {
                head += segment
                if marker == 0xE0, head.count == segment.count { insertAt = head.count }
            }
            offset = end
        }
        guard let scans = scansThroughEnd(bytes, from: offset) else { return nil }
        var exif: [UInt8] = []
        if let tiff = makeExif(orientation) {
            let body = Array("Exif\0\0".utf8) + tiff
            guard body.count + 2 <= 0xFFFF else { return nil }
            exif = [0xFF, 0xE1]
            exif.appendBigEndian(UInt16(body.count + 2))
            exif += body
        }
        return [0xFF, 0xD8] + head[..<insertAt] + exif + extra.joined() + head[insertAt...] + scans
    }

    /// Whether a segment before the scans stays.
    private static func keeps(_ marker: UInt8, _ payload: ArraySlice<UInt8>) -> Bool {
        switch marker {
        case 0xE0, 0xEE: true  // JFIF, Adobe
        case 0xE2: payload.starts(with: Array("ICC_PROFILE\0".utf8))
        case 0xE1, 0xE3...0xED, 0xEF, 0xFE: false  // EXIF/XMP, other APPn, comments
        default: true  // tables, frame, restart interval
        }
    }

    /// Where the entropy-coded data from `offset` ends: at the next marker,
    /// a 0xFF followed by neither 0x00 (stuffing) nor a restart marker; the
    /// file's last index when there is none (a scan cut short).
    static func entropyEnd(_ bytes: [UInt8], from offset: Int) -> Int {
        var index = offset
        while index + 1 < bytes.count, !(bytes[index] == 0xFF && bytes[index + 1] != 0 && !(0xD0...0xD7).contains(bytes[index + 1])) {
            index += 1
        }
        return index
    }

    /// The marker at `offset` (fill bytes skipped) and where it starts.
    private static func nextMarker(_ bytes: [UInt8], from offset: Int) -> (UInt8, Int)? {
        var index = offset
        guard index < bytes.count, bytes[index] == 0xFF else { return nil }
        while index + 1 < bytes.count, bytes[index + 1] == 0xFF { index += 1 }
        guard index + 1 < bytes.count else { return nil }
        return (bytes[index + 1], index)
    }

    /// From the first scan's marker through the end-of-image marker: scans
    /// and the segments between them (a progressive file's tables) as they
    /// are; comments and APPn among them left out; nothing after the end.
    private static func scansThroughEnd(_ bytes: [UInt8], from start: Int) -> [UInt8]? {
        var out: [UInt8] = []
        var offset = start
        while true {
            guard let (marker, at) = nextMarker(bytes, from: offset) else { return nil }
            if marker == 0xD9 { return out + [0xFF, 0xD9] }
            guard at + 4 <= bytes.count else { return nil }
            let end = at + 2 + Int(bytes.bigEndianUInt16(at: at + 2))
            guard end <= bytes.count else { return nil }
            if keeps(marker, bytes[min(at + 4, end)..<end]) { out += bytes[at..<end] }
            offset = end
            guard marker == 0xDA else { continue }
            let index = entropyEnd(bytes, from: offset)
            guard index + 1 < bytes.count else { return nil }
            out += bytes[offset..<index]
            offset = index
        }
    }

    /// Tag 0x0112 of an EXIF block's first directory.
    static func exifOrientation(_ tiff: [UInt8]) -> Int? {
        guard tiff.count >= 8 else { return nil }
        let little = tiff[0] == 0x49
        func u16(_ at: Int) -> Int? {
            guard at + 2 <= tiff.count else { return nil }
            return little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let high = u16(little ? at + 2 : at), let low = u16(little ? at : at + 2) else { return nil }
            return high << 16 | low
        }
        guard let directory = u32(4), let count = u16(directory) else { return nil }
        for entry in 0..<count {
            let at = directory + 2 + entry * 12
            guard let tag = u16(at) else { return nil }
            if tag == Int(CreditExif.orientationTag) { return u16(at + 8).flatMap { (1...8).contains($0) ? $0 : nil } }
        }
        return nil
    }
}
