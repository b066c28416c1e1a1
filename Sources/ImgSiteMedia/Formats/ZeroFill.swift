import Foundation

/// A hole of zero bytes in a photo's image data: what an interrupted copy,
/// a disk error or a cloud-sync placeholder leaves (the file keeps its size,
/// a block of it reads as zeros). Decoders often take it without complaint
/// and paint the rest of the photo a flat colour, so the bytes are looked
/// at: real encoders never write a long run of zero bytes into compressed
/// image data (a 24 MP all-black JPEG's longest is 8 bytes).
enum ZeroFill {
    /// The shortest run taken for a hole: half a disk sector's worth is far
    /// beyond any encoder's, and a hole is a block of 4 KB or more.
    static let minimumRun = 512

    /// Where the first hole in the compressed image data is, and how long:
    /// in a JPEG's entropy-coded scans, a PNG's IDAT, a WebP's VP8, VP8L,
    /// ALPH and ANMF chunks, a HEIF/AVIF's coded image items. Nil when there is none, or
    /// for another format (a TIFF's uncompressed strips may be zeros).
    package static func hole(in bytes: [UInt8]) -> (offset: Int, length: Int)? {
        for range in imageData(bytes) {
            guard let run = longestRun(bytes, in: range), run.length >= minimumRun else { continue }
            // Zeros to the end of the file (past the data's own end): the whole tail.
            let tail = bytes[run.offset...].allSatisfy { $0 == 0 }
            return tail ? (run.offset, bytes.count - run.offset) : run
        }
        return nil
    }

    /// The file at `path`, mapped rather than read: it is in the page cache from the decode.
    package static func hole(atPath path: String) -> (offset: Int, length: Int)? {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else { return nil }
        return hole(in: [UInt8](data))
    }

    /// "16.0 KB of zero bytes in its image data at byte 20,480", for a warning.
    package static func describe(_ hole: (offset: Int, length: Int), fileSize: Int) -> String {
        let place = hole.offset + hole.length == fileSize ? "ending the file" : "at byte \(hole.offset)"
        return "\(Bytes.text(hole.length)) of zero bytes in its image data \(place): an interrupted copy or a file not yet synced"
    }

    /// The compressed image data of a JPEG, PNG, WebP or HEIF file.
    static func imageData(_ bytes: [UInt8]) -> [Range<Int>] {
        if bytes.starts(with: [0xFF, 0xD8]) { return jpegScans(bytes) }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return chunks(bytes, from: 8, sizeFirst: true, wanted: ["IDAT"]) }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return chunks(bytes, from: 12, sizeFirst: false, wanted: ["VP8 ", "VP8L", "ALPH", "ANMF"])
        }
        if bytes.count >= 8, Array(bytes[4..<8]) == Array("ftyp".utf8) {
            // The coded images' own bytes: an Exif item in the mdat may be padded with zeros.
            return HEIFItems.imageExtents(bytes) ?? HEIFItems.boxes(bytes, in: 0..<bytes.count).filter { $0.name == "mdat" }.map(\.data)
        }
        return []
    }

    /// From each start of scan to the next marker that is not a restart
    /// (or the end of the file: a scan cut short runs to it).
    private static func jpegScans(_ bytes: [UInt8]) -> [Range<Int>] {
        var (scans, index) = ([Range<Int>](), 2)
        while index + 4 <= bytes.count {
            guard bytes[index] == 0xFF else { return scans }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }  // fill bytes
            if marker == 0xD9 { return scans }
            let length = Int(bytes.bigEndianUInt16(at: index + 2))
            index += 2 + length
            guard marker == 0xDA else { continue }
            var end = JPEGSegments.entropyEnd(bytes, from: min(index, bytes.count))
            if end + 1 >= bytes.count { end = bytes.count }
            if index < end { scans.append(index..<end) }
            index = end
        }
        return scans
    }

    /// The data of the chunks (PNG: length first; RIFF: name first) named
    /// `wanted`; the rest of the file when a length runs past it.
    private static func chunks(_ bytes: [UInt8], from start: Int, sizeFirst: Bool, wanted: Set<String>) -> [Range<Int>] {
        var (found, index) = ([Range<Int>](), start)
        while index + 8 <= bytes.count {
            let size: Int, name = String(decoding: bytes[(index + (sizeFirst ? 4 : 0))..<(index + (sizeFirst ? 8 : 4))], as: UTF8.self)
            if sizeFirst {
                size = Int(bytes.bigEndianUInt32(at: index))
            } else {
                size = (0..<4).reduce(0) { $0 | Int(bytes[index + 4 + $1]) << (8 * $1) }  // RIFF: little-endian
            }
            // A name that is not four letters, digits or spaces: zeros (or
            // worse) broke the structure here, and the rest is image data too.
            guard name.utf8.allSatisfy({ $0 == 0x20 || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) })
            else { return found + [index..<bytes.count] }
            let dataStart = index + 8
            var dataEnd = dataStart + size
            if dataEnd > bytes.count || dataEnd < dataStart { dataEnd = bytes.count }
            if wanted.contains(name) { found.append(dataStart..<dataEnd) }
            index = dataEnd + (sizeFirst ? 4 : size & 1)  // PNG: the CRC; RIFF: even padding
        }
        return found
    }

    /// The longest run of zero bytes within `range`.
    private static func longestRun(_ bytes: [UInt8], in range: Range<Int>) -> (offset: Int, length: Int)? {
        var best: (offset: Int, length: Int)?
        var start: Int?
        for index in range {
            if bytes[index] == 0 {
                if start == nil { start = index }
            } else if let begun = start {
                if index - begun > best?.length ?? 0 { best = (begun, index - begun) }
                start = nil
            }
        }
        if let begun = start, range.upperBound - begun > best?.length ?? 0 { best = (begun, range.upperBound - begun) }
        return best
    }
}
