/// The smallest EXIF block that carries a photographer's credit: a big-endian
/// TIFF structure whose only directory holds Artist and Copyright (and, for
/// an original published as it is, its orientation). It is what
/// `metadata: keep-copyright` writes where libvips writes no metadata itself
/// (JPEG XL in libvips 8.14), so no other tag, GPS or serial can ride along.
package enum CreditExif {
    package static let orientationTag: UInt16 = 0x0112
    package static let artistTag: UInt16 = 0x013B
    static let copyrightTag: UInt16 = 0x8298

    /// The TIFF bytes, or nil when there is nothing to write (no credit, upright).
    package static func tiff(artist: String?, copyright: String?, orientation: Int = 1) -> [UInt8]? {
        var writer = ExifWriter()
        if (2...8).contains(orientation) { writer.primary[orientationTag] = .short(UInt16(orientation)) }
        if let artist { writer.primary[artistTag] = .ascii(artist) }
        if let copyright { writer.primary[copyrightTag] = .ascii(copyright) }
        return writer.tiff()
    }
}
