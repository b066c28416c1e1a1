/// What decoding a source established, kept in the cache by image key so a
/// cached image needs no decode at all: its upright size, alpha, the
/// metadata pages may show, and the damage it was built despite.
struct ImageRecord: Codable, Sendable, Equatable {
    var width: Int
    var height: Int
    var hasAlpha: Bool
    var metadata: KeptMetadata
    var warnings: [String]
    /// For an animation: its timing as the file gives it, enough to plan its
    /// frames again under other settings without opening the file.
    var animation: SourceAnimation?
    /// Whether it holds an HDR rendition, and how; nil in records made
    /// before HDR photos were read (the header is read once to learn it).
    var dynamicRange: DynamicRange?
}

/// An animation's timing: each frame's delay as written (ms) and the loop count (0: forever).
struct SourceAnimation: Codable, Sendable, Equatable {
    var delays: [Int]
    var loops: Int
}
