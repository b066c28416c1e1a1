/// A small big-endian EXIF (TIFF) block written from scratch, holding only
/// the tags it is given: what imgsite writes where a file's own EXIF must
/// not travel (GPS, serial numbers, maker notes). Tags go in the first
/// directory or, for exposure and dates, in the EXIF sub-directory.
package struct ExifWriter {
    package enum Value: Equatable {
        case ascii(String)
        case short(UInt16)
        case rational(UInt32, UInt32)

        package var type: UInt16 {
            switch self {
            case .ascii: 2
            case .short: 3
            case .rational: 5
            }
        }

        package var count: UInt32 {
            if case .ascii(let text) = self { UInt32(text.utf8.count + 1) } else { 1 }
        }

        package var bytes: [UInt8] {
            var bytes: [UInt8] = []
            switch self {
            case .ascii(let text): bytes = Array(text.utf8) + [0]  // NUL-terminated
            case .short(let value): bytes.appendBigEndian(value)
            case .rational(let numerator, let denominator):
                bytes.appendBigEndian(numerator)
                bytes.appendBigEndian(denominator)
            }
            return bytes
        }
    }

    static let exifPointerTag: UInt16 = 0x8769

    package init() {}

    /// The first directory's tags (orientation, make, artist, …).
    package var primary: [UInt16: Value] = [:]
    /// The EXIF sub-directory's (exposure, capture date).
    package var exif: [UInt16: Value] = [:]

    /// The TIFF bytes, or nil when there is no tag to write.
    package func tiff() -> [UInt8]? {
        guard !primary.isEmpty || !exif.isEmpty else { return nil }
        let first = primary.count + (exif.isEmpty ? 0 : 1)
        let firstSize = 2 + 12 * first + 4
        let exifSize = exif.isEmpty ? 0 : 2 + 12 * exif.count + 4
        var data: [UInt8] = []
        var dataOffset = 8 + firstSize + exifSize
        // A directory's entries, ascending by tag as TIFF requires; values over 4 bytes go after both directories.
        func directory(_ tags: [UInt16: Value], pointer: UInt32?) -> [UInt8] {
            var entries = tags.map { (tag: $0.key, type: $0.value.type, count: $0.value.count, bytes: $0.value.bytes) }
            if let pointer {
                var bytes: [UInt8] = []
                bytes.appendBigEndian(pointer)
                entries.append((Self.exifPointerTag, 4, 1, bytes))  // LONG
            }
            var out: [UInt8] = []
            out.appendBigEndian(UInt16(entries.count))
            for entry in entries.sorted(by: { $0.tag < $1.tag }) {
                out.appendBigEndian(entry.tag)
                out.appendBigEndian(entry.type)
                out.appendBigEndian(entry.count)
                if entry.bytes.count <= 4 {
                    out += entry.bytes + [UInt8](repeating: 0, count: 4 - entry.bytes.count)
                } else {
                    out.appendBigEndian(UInt32(dataOffset))
                    data += entry.bytes
                    dataOffset += entry.bytes.count
                }
            }
            out.appendBigEndian(UInt32(0))  // no next directory
            return out
        }
        var tiff: [UInt8] = Array("MM".utf8) + [0, 42]
        tiff.appendBigEndian(UInt32(8))  // the first directory follows the header
        tiff += directory(primary, pointer: exif.isEmpty ? nil : UInt32(8 + firstSize))
        if !exif.isEmpty { tiff += directory(exif, pointer: nil) }
        return tiff + data
    }
}
