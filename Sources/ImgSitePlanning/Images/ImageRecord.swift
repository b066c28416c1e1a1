/// What decoding a source established, kept in the cache by image key so a
/// cached image needs no decode at all: its upright size, alpha, the
/// metadata pages may show, and the damage it was built despite.
package struct ImageRecord: Codable, Sendable, Equatable {
    package var width: Int
    package var height: Int
    package var hasAlpha: Bool
    package var metadata: KeptMetadata
    package var warnings: [String]
    /// For an animation: its timing as the file gives it, enough to plan its
    /// frames again under other settings without opening the file.
    package var animation: SourceAnimation?
    /// Whether it holds an HDR rendition, and how; nil in records made
    /// before HDR photos were read (the header is read once to learn it).
    package var dynamicRange: DynamicRange?
}

/// An animation's timing: each frame's delay as written (ms) and the loop count (0: forever).
package struct SourceAnimation: Codable, Sendable, Equatable {
    package var delays: [Int]
    package var loops: Int

    package init(delays: [Int], loops: Int) {
        (self.delays, self.loops) = (delays, loops)
    }
}
