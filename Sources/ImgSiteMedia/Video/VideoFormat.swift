/// A clip's file format (its files are written by `ClipTranscoder` and
/// `ClipRemux`, never by libvips).
public enum VideoFormat: String, Sendable, CaseIterable, Codable, Hashable {
    /// H.264 in MP4, and AV1 in MP4 (`VideoCodec`).
    case mp4, av1
    /// A clip's own file under `downloads: original`: its streams copied
    /// into its own container, so its name keeps its source's extension
    /// (".mov", ".webm"); `fileExtension` is only a placeholder.
    case clip

    package var fileExtension: String { self == .clip ? "video" : "mp4" }

    /// After every image format: AV1 first, where browsers play it.
    package var preference: Int {
        switch self {
        case .av1: 5
        case .mp4: 6
        case .clip: 7
        }
    }
}
