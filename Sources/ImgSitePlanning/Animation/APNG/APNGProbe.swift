import Foundation
import ImgSiteMedia

extension APNGFile {
    /// The frame count an APNG's acTL chunk announces, read from the chunk
    /// headers before the image data, without reading the rest of the file;
    /// nil for a PNG that is not animated (or not a PNG). Damage is left to
    /// the full read.
    public static func announcedFrames(atPath path: String) -> Int? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        guard let signature = try? file.read(upToCount: PNGChunks.signature.count), Array(signature) == PNGChunks.signature else { return nil }
        var offset = UInt64(PNGChunks.signature.count)
        // acTL must come before the first IDAT; a few dozen chunks is plenty.
        for _ in 0..<64 {
            guard let head = try? file.read(upToCount: 8), head.count == 8 else { return nil }
            let bytes = Array(head)
            let length = UInt64(bytes.bigEndianUInt32(at: 0))
            switch String(decoding: bytes[4..<8], as: UTF8.self) {
            case "acTL":
                guard length == 8, let data = try? file.read(upToCount: 4), data.count == 4 else { return nil }
                return Int(Array(data).bigEndianUInt32(at: 0))
            case "IDAT", "IEND":
                return nil
            default:
                offset += 12 + length
                guard (try? file.seek(toOffset: offset)) != nil else { return nil }
            }
        }
        return nil
    }
}
