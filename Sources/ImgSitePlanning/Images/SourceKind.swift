/// Which path a source takes, decided from its header before any pixel is
/// decoded: a file of one frame is a still (a one-frame GIF or PNG too); a
/// GIF, WebP or APNG of more frames is an animation, and so is an APNG that
/// announces none (its read says what is wrong with it).
public enum SourceKind: String, Sendable, Codable {
    case still, animated

    package init(frames: Int) {
        self = frames == 1 ? .still : .animated
    }
}
