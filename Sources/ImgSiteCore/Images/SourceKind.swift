/// Which path a source takes, decided from its header before any pixel is
/// decoded: a file of one frame is a still (a one-frame GIF or PNG too); a
/// GIF, WebP or APNG of more frames is an animation, and so is an APNG that
/// announces none (its read says what is wrong with it).
public enum SourceKind: String, Sendable, Codable {
    case still, animated

    init(frames: Int) {
        self = frames == 1 ? .still : .animated
    }
}

/// What a file is for its image: the image itself (a still's sizes, or an
/// animation), the fallback of an animation for browsers without animated
/// WebP (a GIF), or the still poster of an animation (the grid, and
/// `prefers-reduced-motion`).
public enum VariantRole: String, Sendable, Codable, Hashable {
    case image, fallback, poster
}
