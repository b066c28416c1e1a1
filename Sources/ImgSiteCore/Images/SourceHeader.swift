import Foundation
import Vips

/// What the header of a source says, read without decoding any pixel:
/// upright size, pixel-limit check, and the metadata pages may show.
struct SourceHeader {
    var width: Int
    var height: Int
    var fields: [String: String]
    /// An embedded ICC profile or CMYK: decode converts to sRGB.
    var needsColourTransform: Bool

    /// EXIF tags read for ordering and captions; GPS is never read at all.
    static let wantedFields = [
        "exif-ifd2-DateTimeOriginal", "exif-ifd0-DateTime", "exif-ifd0-ImageDescription",
        "exif-ifd0-Artist", "exif-ifd0-Copyright",
    ]

    static func read(_ source: SourceImage, pixelLimit: Int) throws(BuildError) -> SourceHeader {
        let (file, displayPath) = (source.absolutePath, source.relativePath)
        if source.byteCount == 0 { throw BuildError(.header, path: displayPath, "is an empty file (0 bytes)") }
        let image: VipsImage
        do {
            image = try VipsImage.header(of: file)
        } catch {
            throw BuildError(.header, path: displayPath, describeLoadFailure(VipsError.reason(error), file: file))
        }
        try checkPixelLimit(width: image.width, height: image.height, limit: pixelLimit, path: displayPath)
        let rotated = (5...8).contains(image.int("orientation") ?? 1)
        var fields: [String: String] = [:]
        for name in wantedFields {
            if let value = image.exifText(name) { fields[name] = value }
        }
        return SourceHeader(
            width: rotated ? image.height : image.width, height: rotated ? image.width : image.height,
            fields: fields, needsColourTransform: image.needsColourTransform)
    }

    /// Refuses an image over the pixel limit, before any pixel is decoded.
    static func checkPixelLimit(width: Int, height: Int, limit: Int, path: String) throws(BuildError) {
        let pixels = width * height
        guard pixels <= limit else {
            throw BuildError(
                .header, path: path,
                "is \(width)×\(height) (\(megapixels(pixels))), over the pixel limit of \(megapixels(limit)); "
                    + "not decoded (raise pixel_limit in imgsite.yml to allow it)")
        }
    }

    /// Metadata the pages and manifest may carry under `policy`.
    func metadata(policy: MetadataPolicy) -> KeptMetadata {
        let date = fields["exif-ifd2-DateTimeOriginal"] ?? fields["exif-ifd0-DateTime"]
        let keepCredit = policy == .keepCopyright
        return KeptMetadata(
            captureDate: date.flatMap(Self.isoDate),
            caption: fields["exif-ifd0-ImageDescription"].flatMap(Self.realCaption),
            artist: keepCredit ? fields["exif-ifd0-Artist"] : nil,
            copyright: keepCredit ? fields["exif-ifd0-Copyright"] : nil)
    }

    /// "2008:10:22 16:28:39" → "2008-10-22T16:28:39"; nil for blanks and
    /// the all-zero dates some cameras write.
    static func isoDate(_ exif: String) -> String? {
        let parts = exif.split(whereSeparator: { $0 == ":" || $0 == " " }).map(String.init)
        guard parts.count == 6, parts.allSatisfy({ Int($0) != nil }), parts[0] != "0000" else { return nil }
        return "\(parts[0])-\(parts[1])-\(parts[2])T\(parts[3]):\(parts[4]):\(parts[5])"
    }

    /// Camera firmware fills ImageDescription with its own name; that is not a caption.
    static let firmwareCaptions: Set<String> = [
        "OLYMPUS DIGITAL CAMERA", "SONY DSC", "DIGITAL CAMERA", "KODAK DIGITAL CAMERA", "MINOLTA DIGITAL CAMERA",
        "Default", "default",
    ]

    static func realCaption(_ text: String) -> String? {
        firmwareCaptions.contains(text) ? nil : text
    }

    private static func megapixels(_ pixels: Int) -> String {
        String(format: "%.0f MP", Double(pixels) / 1_000_000)
    }

    /// libvips says "is not a known file format" for text and for unknown
    /// formats alike; say it the way a user thinks of it.
    private static func describeLoadFailure(_ message: String, file: String) -> String {
        if message.contains("not a known file format") {
            return "is not an image imgsite can read (unknown or damaged format)"
        }
        return "cannot be read: \(LoaderMessage.relevant(message, fileExtension: (file as NSString).pathExtension))"
    }
}

extension MetadataPolicy {
    /// libvips metadata fields left on outputs; every other field is removed.
    var keptFields: Set<String> {
        switch self {
        case .strip: []
        case .keepCopyright: ["exif-data", "exif-ifd0-Artist", "exif-ifd0-Copyright"]
        }
    }
}
