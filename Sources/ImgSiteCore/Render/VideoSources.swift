import ImgSiteMedia
import ImgSitePlanning

/// A clip's `<source>` elements: its codecs in its settings' order (a
/// browser skips a type it cannot play, so AV1 where it plays, else H.264),
/// and within each, its sizes largest first, each for the screens wider in
/// device pixels than the next smaller size: a phone loads the small file,
/// a 4K screen the large one (`media` on `<source>`: Chromium and Firefox
/// since 2023; a browser without it takes the first it can play).
enum VideoSources {
    static func of(_ image: ProcessedImage, root: String) -> [VideoSourceContext] {
        of(image.videos, frameRate: image.clip?.frameRate ?? 30, sound: image.clip?.sound ?? false, root: root)
    }

    /// A Live Photo's motion: muted, and at 30 frames a second (as iPhones record it).
    static func motion(_ image: ProcessedImage, root: String) -> [VideoSourceContext] {
        of(image.motion, frameRate: 30, sound: false, root: root)
    }

    private static func of(_ files: [Variant], frameRate: Double, sound: Bool, root: String) -> [VideoSourceContext] {
        var order: [FileFormat] = []
        for file in files where !order.contains(file.format) { order.append(file.format) }
        return order.flatMap { format in
            let sizes = files.filter { $0.format == format }.sorted { $0.width > $1.width }
            return sizes.enumerated().map { index, file in
                let codec: VideoCodec = format == .av1 ? .av1 : .h264
                let smaller = index + 1 < sizes.count ? sizes[index + 1].width : nil
                return VideoSourceContext(
                    src: root + file.path, type: codec.mimeType(width: file.width, height: file.height, frameRate: frameRate, sound: sound),
                    media: smaller.map { "(min-width: \($0 + 1)px), (min-resolution: 2dppx) and (min-width: \(($0 + 2) / 2)px)" })
            }
        }
    }
}
