/// What fitting one animation to the memory budget did, for the manifest
/// and the build report. Decoded bytes are width × height × 4 × frames: what
/// a viewer holds once it has decoded every frame.
public struct AnimationStats: Codable, Sendable, Equatable {
    public var framesIn: Int
    public var framesOut: Int
    /// The playback rate chosen from the ladder; nil when every frame was kept.
    public var fps: Int?
    /// Output width over source width (≤ 1).
    public var scale: Double
    public var decodedBytesBefore: Int
    public var decodedBytesAfter: Int
    /// The source file, and the animated file made from it (WebP, else GIF).
    public var fileBytesBefore: Int
    public var fileBytesAfter: Int
    /// One loop, as browsers play it, in ms: the same before and after.
    public var durationMs: Int
    /// 0: forever.
    public var loops: Int
}

extension AnimationStats {
    package init(_ source: SourceAnimation, width: Int, height: Int, fileBytes: Int, frames: FrameThinner.Plan, fileBytesAfter: Int) {
        self.init(
            framesIn: source.delays.count, framesOut: frames.frames.count, fps: frames.fps,
            scale: (Double(frames.width) / Double(width) * 1000).rounded() / 1000,
            decodedBytesBefore: width * height * 4 * source.delays.count, decodedBytesAfter: frames.decodedBytes,
            fileBytesBefore: fileBytes, fileBytesAfter: fileBytesAfter,
            durationMs: source.delays.map(AnimationTiming.shown).reduce(0, +), loops: source.loops)
    }
}
