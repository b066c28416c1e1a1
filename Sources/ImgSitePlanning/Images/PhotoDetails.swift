/// The photo page's details panel: camera, lens and exposure, formatted
/// from the EXIF tags libvips reads. Only these tags are ever read: GPS
/// position and serial numbers never reach a page or the manifest.
public struct PhotoDetails: Codable, Sendable, Equatable {
    public var camera: String?
    public var lens: String?
    public var focalLength: String?
    public var aperture: String?
    public var exposure: String?
    public var iso: String?

    /// The EXIF fields read, as libvips names them.
    static let exifFields = [
        "exif-ifd0-Make", "exif-ifd0-Model", "exif-ifd2-LensModel", "exif-ifd2-FocalLength", "exif-ifd2-FNumber",
        "exif-ifd2-ExposureTime", "exif-ifd2-ISOSpeedRatings",
    ]

    public init(camera: String? = nil, lens: String? = nil, focalLength: String? = nil, aperture: String? = nil,
                exposure: String? = nil, iso: String? = nil) {
        (self.camera, self.lens, self.focalLength, self.aperture, self.exposure, self.iso) = (camera, lens, focalLength, aperture, exposure, iso)
    }

    /// From EXIF values ("40/10" for f/4); fields that are absent or do not parse stay nil.
    package init(exif fields: [String: String]) {
        let make = fields["exif-ifd0-Make"].flatMap(Self.text)
        let model = fields["exif-ifd0-Model"].flatMap(Self.text)
        camera = Self.camera(make: make, model: model)
        lens = fields["exif-ifd2-LensModel"].flatMap(Self.text)
        focalLength = fields["exif-ifd2-FocalLength"].flatMap(Self.number).map { "\(Self.decimal($0)) mm" }
        aperture = fields["exif-ifd2-FNumber"].flatMap(Self.number).map { "f/\(Self.decimal($0))" }
        exposure = fields["exif-ifd2-ExposureTime"].flatMap(Self.number).flatMap(Self.exposure)
        let speed: Int? = fields["exif-ifd2-ISOSpeedRatings"].flatMap(Self.number).map { Int($0) }
        iso = speed.flatMap { $0 > 0 ? "ISO \($0)" : nil }
    }

    /// The rows to show, in order, without the empty ones; each label is
    /// the key of its word in the theme's language (`Words`: "camera").
    package var items: [(label: String, value: String)] {
        let rows: [(String, String?)] = [
            ("camera", camera), ("lens", lens), ("focal_length", focalLength), ("aperture", aperture), ("shutter", exposure),
            ("iso", iso.map { String($0.dropFirst("ISO ".count)) }),
        ]
        return rows.compactMap { label, value in value.map { (label, $0) } }
    }

    /// The rows that are numbers imgsite wrote ("f/5.6", "10.5 mm", "0.4 s"),
    /// which take the language's decimal mark; the camera and lens are names.
    package static let measured: Set<String> = ["focal_length", "aperture", "shutter"]

    /// "Canon" + "Canon EOS 400D DIGITAL" → "Canon EOS 400D DIGITAL"; "NIKON CORPORATION" + "E950" → "NIKON E950".
    package static func camera(make: String?, model: String?) -> String? {
        guard let model else { return make }
        guard let make else { return model }
        let brand = make.split(separator: " ").first.map(String.init) ?? make
        return model.lowercased().hasPrefix(brand.lowercased()) ? model : "\(brand) \(model)"
    }

    /// 0.4 → "0.4 s", 1/350 → "1/350 s", 2 → "2 s".
    package static func exposure(_ seconds: Double) -> String? {
        guard seconds > 0 else { return nil }
        if seconds < 1 {
            let reciprocal = 1 / seconds
            if abs(reciprocal - reciprocal.rounded()) < 0.05 { return "1/\(Int(reciprocal.rounded())) s" }
        }
        return "\(decimal(seconds)) s"
    }

    /// "346/32" → 10.8125; "100" → 100; nil for "0/0" and text.
    package static func number(_ text: String) -> Double? {
        let parts = text.split(separator: " ").first?.split(separator: "/") ?? []
        guard let first = parts.first.flatMap({ Double($0) }) else { return nil }
        guard parts.count == 2 else { return parts.count == 1 ? first : nil }
        guard let divisor = Double(parts[1]), divisor != 0 else { return nil }
        return first / divisor
    }

    /// One decimal, none when whole: 10.8125 → "10.8", 18.0 → "18".
    package static func decimal(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
    }

    private static func text(_ raw: String) -> String? {
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines.union(.controlCharacters))
        return trimmed.isEmpty ? nil : trimmed
    }
}

import Foundation
