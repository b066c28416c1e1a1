/// libvips tries other loaders when a damaged file no longer looks like its
/// own format, and each adds its complaint ("Not a TIFF or MDI file",
/// "libMagick error…") in front of the reason that matters. Drop the lines of
/// other formats' loaders; when nothing else is left, the file did not even
/// start like its own format.
package enum LoaderMessage {
    /// Message prefixes of each loader family.
    static let families: [String: [String]] = [
        "jpeg": ["VipsJpeg", "jpegload"], "png": ["vipspng", "pngload", "png2vips", "spng"],
        "gif": ["gifload"], "webp": ["webp"], "heif": ["heif"],
        "tiff": ["tiff", "TIFF", "vips__tiff", "file: bad seek", "source input"],
        "magick": ["magick", "libMagick"],
    ]
    package static let familyOfExtension = [
        "jpg": "jpeg", "jpeg": "jpeg", "png": "png", "gif": "gif", "webp": "webp",
        "heic": "heif", "heif": "heif", "avif": "heif", "tif": "tiff", "tiff": "tiff",
    ]

    /// The condensed message (lines joined by "; ") without other loaders'
    /// complaints, at most `limit` characters.
    static func relevant(_ message: String, fileExtension: String, limit: Int = 300) -> String {
        var text = message
        if let own = familyOfExtension[fileExtension.lowercased()] {
            let foreign = families.filter { $0.key != own }.values.flatMap { $0 }
            let lines = message.components(separatedBy: "; ")
            let kept = lines.filter { line in !foreign.contains { line.hasPrefix($0) } }
            text = kept.isEmpty
                ? "it does not start the way \(fileExtension.uppercased()) files do (damaged, or another format under this name)"
                : kept.joined(separator: "; ")
        }
        // Older libheif says only that a plugin is missing: say which, and what it means.
        if ["heic", "heif"].contains(fileExtension.lowercased()), text.contains("No decoding plugin installed"), !text.contains("HEVC") {
            text += " (this libvips has no HEVC decoder: HEIC photos from phones cannot be read with it)"
        }
        return text.count > limit ? String(text.prefix(limit - 1)) + "…" : text
    }
}
