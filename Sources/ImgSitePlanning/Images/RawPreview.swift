import CRaw
import Foundation
import ImgSiteMedia

/// A camera RAW file shown through the full-size JPEG preview its camera
/// embedded, read by libraw (`CRaw`). The preview is written as a plain
/// JPEG whose EXIF holds only what pages may show, made from the RAW's own
/// metadata: orientation, capture date, make, model, lens, exposure, the
/// caption and the artist. GPS and serial numbers never leave the RAW file.
/// Every later step reads that JPEG as it would any photo.
public enum RawPreview {
    /// Why RAW files cannot be read on this machine, or nil when they can.
    public static var unavailable: String? { imgsite_raw_unavailable().map { String(cString: $0) } }

    /// Writes the preview of the RAW file at `raw` to `destination` (atomically).
    static func extract(_ raw: String, to destination: URL, displayPath: String) throws(BuildError) {
        var jpeg: UnsafeMutablePointer<UInt8>?
        var size = 0
        var info = imgsite_raw_info()
        var error = [CChar](repeating: 0, count: 512)
        guard imgsite_raw_preview(raw, &jpeg, &size, &info, &error, error.count) == 0, let jpeg else {
            throw BuildError(path: displayPath, "is a RAW file imgsite cannot show: \(String(cBuffer: error))")
        }
        defer { imgsite_raw_free(jpeg) }
        let preview = Array(UnsafeBufferPointer(start: jpeg, count: size))
        let tiff = exif(info)
        guard let cleaned = JPEGSegments.cleaned(preview, exif: { _ in tiff }) else {
            throw BuildError(path: displayPath, "is a RAW file whose JPEG preview is damaged")
        }
        do {
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try AtomicWriter.write(cleaned, to: destination)
        } catch {
            throw BuildError(path: displayPath, "its preview cannot be written to \(destination.path): \(error.localizedDescription)")
        }
    }

    /// The EXIF of the preview: libraw's fields as the tags the header reader knows.
    static func exif(_ info: imgsite_raw_info) -> [UInt8]? {
        var writer = ExifWriter()
        // libraw's flip: 3 is 180°, 5 is 90° counter-clockwise, 6 is 90° clockwise.
        let orientation: UInt16? = switch info.flip {
        case 3: 3
        case 5: 8
        case 6: 6
        default: nil
        }
        if let orientation { writer.primary[CreditExif.orientationTag] = .short(orientation) }
        let texts: [(UInt16, String)] = [
            (0x010E, text(info.description)), (0x010F, text(info.make)), (0x0110, text(info.model)), (CreditExif.artistTag, text(info.artist)),
        ]
        for (tag, value) in texts where !value.isEmpty { writer.primary[tag] = .ascii(value) }
        if info.timestamp > 0, let date = captureDate(info.timestamp) { writer.exif[0x9003] = .ascii(date) }
        if info.shutter > 0 {
            writer.exif[0x829A] = info.shutter < 1 ? .rational(1, UInt32((1 / info.shutter).rounded())) : .rational(UInt32((info.shutter * 10).rounded()), 10)
        }
        if info.aperture > 0 { writer.exif[0x829D] = .rational(UInt32((info.aperture * 10).rounded()), 10) }
        if info.iso > 0, info.iso < 65_536 { writer.exif[0x8827] = .short(UInt16(info.iso.rounded())) }
        if info.focal_length > 0 { writer.exif[0x920A] = .rational(UInt32((info.focal_length * 10).rounded()), 10) }
        let lens = text(info.lens)
        if !lens.isEmpty { writer.exif[0xA434] = .ascii(lens) }
        return writer.tiff()
    }

    /// A fixed-size C string field, trimmed.
    private static func text<T>(_ field: T) -> String {
        withUnsafeBytes(of: field) { bytes in
            let prefix = bytes.prefix { $0 != 0 }
            return String(decoding: prefix, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        }
    }

    /// "2024:05:01 14:03:22": libraw made the timestamp from the camera's
    /// clock read as local time, so local time gives the clock back.
    private static func captureDate(_ timestamp: Int64) -> String? {
        var seconds = time_t(timestamp)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return nil }
        return String(format: "%04d:%02d:%02d %02d:%02d:%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec)
    }
}
