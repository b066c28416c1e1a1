import Foundation
import ImgSitePlanning

/// How much work an image to make is, for the progress line's ETA: pixels
/// × frames, so a 4K clip weighs what it costs (a count of items said
/// `ETA 6s` with 23 s of a clip to go). A clip's are read from its
/// container; a photo's from its header when this build read it (a
/// budget's plan), else estimated from its bytes, so no file is opened
/// for the estimate that the cache might have spared.
enum WorkEstimate {
    /// Each image to make: its work, in still pixels' worth. A clip's
    /// header read for it is kept in `headers`: its container is probed once a build.
    static func of(_ jobs: [ImageJob], headers: KnownHeaders, settings: ImageSettings) -> [String: Double] {
        Dictionary(jobs.map { job in
            let path = job.source.relativePath
            var header = headers.peek(path)
            if header == nil, case .clip = job.source.media, let read = try? SourceHeader.read(job.source, settings: settings) {
                headers.keep(read, for: path)
                header = read
            }
            return (path, of(job.source, header: header))
        }) { first, _ in first }
    }

    static func of(_ source: SourceImage, header: SourceHeader?) -> Double {
        switch (source.media, header) {
        case (.clip, let header):
            guard let shape = header?.clip else { return Double(source.byteCount) / 0.03 * clipFrame }
            return Double(shape.width * shape.height) * max(shape.seconds * shape.frameRate, 1) * clipFrame
        case (_, let header?): return Double(header.width * header.height * max(header.frames, 1))
        case (.raw, nil): return Double(source.byteCount)  // a byte a pixel
        case (.image, nil), (.livePhoto, nil):
            let fileExtension = (source.relativePath as NSString).pathExtension.lowercased()
            return Double(source.byteCount) / (Self.bytesPerPixel[fileExtension] ?? 0.4)
        }
    }

    /// What a frame's pixel of a clip costs against a still's: decoded once,
    /// then encoded as H.264 and AV1 at each height of its ladder, against
    /// a photo's decode and its widths' encodes. Measured at the default
    /// settings, one job: a detailed 24 MP JPEG in 2.5 s (9.6 Mpx/s), the
    /// corpus's 720p clip (46 M pixels × frames) in 6.2 s and its 270-line
    /// HLG and phone clips at the same pace (7.4–8 Mpx/s).
    static let clipFrame = 1.3

    /// Bytes a pixel in a typical file of each format: a camera's JPEG
    /// (24 MP in about 9 MB), a phone's HEIC, a screenshot's PNG; an
    /// animation's frames are in its bytes as they are in its pixels.
    static let bytesPerPixel: [String: Double] = [
        "jpg": 0.4, "jpeg": 0.4, "heic": 0.15, "heif": 0.15, "avif": 0.1, "webp": 0.15, "png": 1.5, "tif": 3, "tiff": 3, "gif": 0.3,
    ]
}
