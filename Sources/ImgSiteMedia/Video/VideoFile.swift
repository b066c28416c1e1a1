/// One video file a clip publishes: a size of its ladder in a codec
/// (`ClipPlan.fileSet`). The builder makes them, the budget counts them,
/// the page and the zip offer one (`offered`, through `Publication`).
package struct VideoFile: Sendable, Hashable {
    package var codec: VideoCodec
    package var width: Int
    package var height: Int

    package init(codec: VideoCodec, width: Int, height: Int) {
        (self.codec, self.width, self.height) = (codec, width, height)
    }

    /// The file a download offers among `files`: the largest H.264 (it
    /// plays everywhere). The one rule for the plan and the files as built.
    package static func offered(_ files: [VideoFile]) -> VideoFile? {
        files.filter { $0.codec == .h264 }.max { $0.width * $0.height < $1.width * $1.height }
    }
}
