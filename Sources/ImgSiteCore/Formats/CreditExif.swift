/// The smallest EXIF block that carries a photographer's credit: a big-endian
/// TIFF structure whose only directory holds Artist and Copyright (and, for
/// an original published as it is, its orientation). It is what
/// `metadata: keep-copyright` writes where libvips writes no metadata itself
/// (JPEG XL in libvips 8.14), so no other tag, GPS or serial can ride along.
enum CreditExif {
    static let orientationTag: UInt16 = 0x0112
    static let artistTag: UInt16 = 0x013B
    static let copyrightTag: UInt16 = 0x8298

    /// The TIFF bytes, or nil when there is nothing to write (no credit, upright).
    static func tiff(artist: String?, copyright: String?, orientation: Int = 1) -> [UInt8]? {
        // Tags ascend within a directory, as TIFF requires.
        let turned = (2...8).contains(orientation) ? [(tag: orientationTag, type: UInt16(3), value: [0, UInt8(orientation)])] : []
        let entries = turned + [(artistTag, artist), (copyrightTag, copyright)].compactMap { tag, text in
            text.map { (tag: tag, type: UInt16(2), value: Array($0.utf8) + [0]) }  // ASCII type: NUL-terminated
        }
        guard !entries.isEmpty else { return nil }
        var tiff: [UInt8] = Array("MM".utf8) + [0, 42]
        tiff.appendBigEndian(UInt32(8))  // the directory follows the header
        let directorySize = 2 + entries.count * 12 + 4
        var dataOffset = 8 + directorySize
        var data: [UInt8] = []
        tiff.appendBigEndian(UInt16(entries.count))
        for entry in entries {
            tiff.appendBigEndian(entry.tag)
            tiff.appendBigEndian(entry.type)
            tiff.appendBigEndian(UInt32(entry.type == 3 ? 1 : entry.value.count))  // SHORT: one value
            if entry.value.count <= 4 {
                tiff += entry.value + [UInt8](repeating: 0, count: 4 - entry.value.count)
            } else {
                tiff.appendBigEndian(UInt32(dataOffset))
                data += entry.value
                dataOffset += entry.value.count
            }
        }
        tiff.appendBigEndian(UInt32(0))  // no next directory
        return tiff + data
    }
}
