/// What `strip` does for WebP where libvips does not: webpsave in libvips
/// 8.14 ignores `strip` and writes an EXIF chunk rebuilt from the image
/// (orientation, resolution, EXIF version, size: about 186 bytes) into every
/// file. The RIFF chunks are rewritten without EXIF, XMP and ICC, and a
/// still with nothing else to announce is written in the simple format (one
/// VP8/VP8L chunk, no VP8X header).
public enum WebPChunks {
    /// `bytes`, a WebP file, without metadata chunks (its colour profile
    /// kept when `keepingProfile`); nil when it is not one.
    public static func withoutMetadata(_ bytes: [UInt8], keepingProfile: Bool = false) -> [UInt8]? {
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) else {
            return nil
        }
        var chunks: [(type: String, data: ArraySlice<UInt8>)] = []
        var offset = 12
        while offset + 8 <= bytes.count {
            let type = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let length = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            guard offset + 8 + length <= bytes.count else { return nil }
            chunks.append((type, bytes[offset + 8..<offset + 8 + length]))
            offset += 8 + length + (length & 1)
        }
        let metadata = keepingProfile ? ["EXIF", "XMP "] : ["EXIF", "XMP ", "ICCP"]
        guard chunks.contains(where: { metadata.contains($0.type) }) else { return bytes }
        chunks.removeAll { metadata.contains($0.type) }
        if chunks.allSatisfy({ $0.type == "VP8X" || $0.type == "VP8 " || $0.type == "VP8L" }) {
            chunks.removeAll { $0.type == "VP8X" }
        } else if let header = chunks.firstIndex(where: { $0.type == "VP8X" }) {
            var flags = Array(chunks[header].data)
            flags[0] &= ~((keepingProfile ? 0 : 0x20) | 0x08 | 0x04)  // no ICC, EXIF or XMP any more
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

    /// `bytes` stripped, or an error naming the save when libvips wrote something else.
    static func stripped(_ bytes: [UInt8]) throws(VipsError) -> [UInt8] {
        guard let stripped = withoutMetadata(bytes) else {
            throw VipsError(operation: "webpsave", message: "libvips wrote a WebP file imgsite cannot read back")
        }
        return stripped
    }
}
