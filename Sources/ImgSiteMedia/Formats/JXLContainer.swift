/// The JPEG XL container (ISO/IEC 18181-2): boxes of a 4-byte big-endian size
/// and a 4-character type. libvips 8.14 writes a bare codestream, which can
/// hold no metadata; wrapping it lets an `Exif` box travel with the image.
package enum JXLContainer {
    /// "JXL " signature box, then `ftyp` with brand "jxl ".
    package static let header: [UInt8] = [
        0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A,
        0, 0, 0, 0x14, 0x66, 0x74, 0x79, 0x70, 0x6A, 0x78, 0x6C, 0x20, 0, 0, 0, 0, 0x6A, 0x78, 0x6C, 0x20,
    ]

    /// A bare codestream (starting FF 0A) with `exif` (TIFF bytes) in front of it.
    package static func wrap(codestream: [UInt8], exif: [UInt8]) -> [UInt8] {
        precondition(codestream.starts(with: [0xFF, 0x0A]), "not a bare JPEG XL codestream")
        // The Exif box payload starts with the offset of the TIFF header within it.
        return header + box("Exif", [0, 0, 0, 0] + exif) + box("jxlc", codestream)
    }

    private static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendBigEndian(UInt32(8 + payload.count))
        return bytes + Array(type.utf8) + payload
    }
}
