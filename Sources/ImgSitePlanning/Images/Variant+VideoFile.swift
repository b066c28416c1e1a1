import ImgSiteMedia

extension Variant {
    /// A clip's file as built, as its publication listed it.
    package var videoFile: VideoFile? {
        switch format {
        case .mp4: VideoFile(codec: .h264, width: width, height: height)
        case .av1: VideoFile(codec: .av1, width: width, height: height)
        default: nil
        }
    }
}
