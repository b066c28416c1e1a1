/// What a file is for its image: the image itself (a still's sizes, or an
/// animation), the fallback of an animation for browsers without animated
/// WebP (a GIF), the still poster of an animation (the grid, and
/// `prefers-reduced-motion`), or a still's size at a lower quality for
/// screens of 2x and more (`DenseScreens`), or the source itself offered
/// for download (`downloads: original`, `OriginalDownload`), or a clip's
/// video file (its still sizes are its poster frame's, as `image`), or a
/// Live Photo's motion (`live_photos: motion`: muted, looping, on its page),
/// or an HDR photo's size for HDR screens (`HDRFiles`: a JPEG carrying its gain map).
public enum VariantRole: String, Sendable, Codable, Hashable {
    case image, fallback, poster, dense, original, video, motion, hdr
}
