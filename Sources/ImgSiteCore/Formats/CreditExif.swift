/// The smallest EXIF block that carries a photographer's credit: a big-endian
/// TIFF structure whose only directory holds Artist and Copyright. It is what
/// `metadata: keep-copyright` writes where libvips writes no metadata itself
/// (JPEG XL in libvips 8.14), so no other tag, GPS or serial can ride along.
enum CreditExif {
    static let artistTag: UInt16 = 0x013B
    static let copyrightTag: UInt16 = 0x8298

    /// The TIFF bytes, or nil when there is no credit to write.
    static func tiff(artist: String?, copyright: String?) -> [UInt8]? {
        // Tags ascend within a directory, as TIFF requires.
        let entries = [(artistTag, artist), (copyrightTag, copyright)].compactMap { tag, text in
            text.map { (tag: tag, value: Array($0.utf8) + [0]) }  // ASCII type: NUL-terminated
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
            tiff.appendBigEndian(UInt16(2))  // ASCII
            tiff.appendBigEndian(UInt32(entry.value.count))
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
