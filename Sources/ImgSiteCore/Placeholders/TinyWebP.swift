import Vips

/// Tiny lossy WebP files for placeholders, as small as the format allows:
/// libvips 8.14's webpsave always adds an EXIF block of about 186 bytes
/// (it ignores `strip`), more than a 16 px image's own 70, so the RIFF
/// chunks are rewritten without EXIF, XMP and ICC, and an opaque image is
/// written in the simple format (one VP8 chunk, no VP8X header).
public enum TinyWebP {
    /// The alpha plane's quality: libvips keeps alpha lossless otherwise,
    /// and a smooth 12 px mask then costs 120 bytes; at 20, 60.
    static let alphaQuality = 20

    public static func encode(_ sample: PixelSample, quality: Int) throws(VipsError) -> [UInt8] {
        var image = try VipsImage.rgba(sample.rgba, width: sample.width, height: sample.height)
        if !sample.hasAlpha { image = try image.flattened() }
        return try strip(image.tinyWebPEncoded(quality: quality, alphaQuality: Self.alphaQuality))
    }

    /// The WebP file `bytes` without metadata chunks.
    static func strip(_ bytes: [UInt8]) throws(VipsError) -> [UInt8] {
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) else {
            throw malformed
        }
        var chunks: [(type: String, data: ArraySlice<UInt8>)] = []
        var offset = 12
        while offset + 8 <= bytes.count {
            let type = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let length = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            guard offset + 8 + length <= bytes.count else { throw malformed }
            chunks.append((type, bytes[offset + 8..<offset + 8 + length]))
            offset += 8 + length + (length & 1)
        }
        chunks.removeAll { ["EXIF", "XMP ", "ICCP"].contains($0.type) }
        if chunks.allSatisfy({ $0.type == "VP8X" || $0.type == "VP8 " || $0.type == "VP8L" }) {
            chunks.removeAll { $0.type == "VP8X" }
        } else if let header = chunks.firstIndex(where: { $0.type == "VP8X" }) {
            var flags = Array(chunks[header].data)
            flags[0] &= ~(0x20 | 0x08 | 0x04)  // no ICC, EXIF or XMP any more
            chunks[header].data = flags[...]
        }
        var body = Array("WEBP".utf8)
        for chunk in chunks {
            body += Array(chunk.type.utf8) + littleEndian(chunk.data.count) + chunk.data
            if chunk.data.count & 1 == 1 { body.append(0) }
        }
        return Array("RIFF".utf8) + littleEndian(body.count) + body
    }

    private static func littleEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }

    private static let malformed = VipsError(operation: "webpsave", message: "libvips wrote a WebP file imgsite cannot read back")
}
