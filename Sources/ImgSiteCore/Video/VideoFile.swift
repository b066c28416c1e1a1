/// One video file a clip publishes: a size of its ladder in a codec
/// (`ClipPlan.fileSet`). The builder makes them, the budget counts them,
/// the page and the zip offer one (`offered`, through `Publication`).
struct VideoFile: Sendable, Hashable {
    var codec: VideoCodec
    var width: Int
    var height: Int

    /// The file a download offers among `files`: the largest H.264 (it
    /// plays everywhere). The one rule for the plan and the files as built.
    static func offered(_ files: [VideoFile]) -> VideoFile? {
        files.filter { $0.codec == .h264 }.max { $0.width * $0.height < $1.width * $1.height }
    }
}

extension Variant {
    /// A clip's file as built, as its publication listed it.
    var videoFile: VideoFile? {
        switch format {
        case .mp4: VideoFile(codec: .h264, width: width, height: height)
        case .av1: VideoFile(codec: .av1, width: width, height: height)
        default: nil
        }
    }
}
