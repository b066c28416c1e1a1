import ImgSiteMedia

extension SourceHeader {
    /// A clip's header, from its container (`ClipProbe`, no frame decoded):
    /// the size of its poster frame (its largest video file's, `ClipLadder`)
    /// and its capture date as a photo's EXIF date, so it takes its place
    /// among the photos. Nothing else of its metadata is read.
    static func ofClip(_ source: SourceImage, settings: VideoSettings, pixelLimit: Int) throws(BuildError) -> SourceHeader {
        let info = try ClipProbe.read(source.absolutePath, displayPath: source.relativePath)
        try checkPixelLimit(width: info.width, height: info.height, limit: pixelLimit, path: source.relativePath)
        let top = ClipPlan(info, settings: settings).poster
        var fields: [String: String] = [:]
        if let date = info.created.flatMap(exifDate) { fields["exif-ifd2-DateTimeOriginal"] = date }
        return SourceHeader(width: top.width, height: top.height, frames: 1, fields: fields, needsColourTransform: false, loader: "ffmpeg",
                            clip: info)
    }

    /// "2024-06-01T10:20:30.000000Z" (creation_time) or
    /// "2024-06-01T12:20:30+0200" (QuickTime's creationdate) → "2024:06:01 10:20:30":
    /// the time as written, as a camera's EXIF date is.
    static func exifDate(_ text: String) -> String? {
        let characters = Array(text.prefix(19))
        guard characters.count == 19, characters[4] == "-", characters[7] == "-", characters[10] == "T" || characters[10] == " " else { return nil }
        let date = String(characters[0..<10]).replacingOccurrences(of: "-", with: ":")
        return "\(date) \(String(characters[11..<19]))"
    }
}
