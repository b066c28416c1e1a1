import ImgSiteMedia

/// What a source is, as the scan finds it: one case each, so where kinds
/// differ the code switches on it, and a source is never two at once.
/// (Whether a still file is animated is its header's: `SourceKind`.)
public enum SourceMedia: Sendable, Equatable, Hashable {
    /// A photo or an animation, decoded from its own file.
    case image
    /// A camera RAW file, decoded from its JPEG preview written in the
    /// cache folder (`RawPreview`).
    case raw(preview: String)
    /// A video clip: its files made by the transcoder, its stills from its
    /// poster frame (`ClipSource`).
    case clip(ClipSource)
    /// A Live Photo's still under `live_photos: motion`, with its `.mov`.
    case livePhoto(motion: LiveMotion)
}

extension SourceImage {
    /// In the journal's plan of its source: a clip's video settings, a Live
    /// Photo's `.mov` and the video settings, so a change makes the entry stale.
    func journalTag(video: VideoSettings) -> String? {
        switch media {
        case .image, .raw: nil
        case .clip: video.key
        case .livePhoto(let motion): motion.journalTag(videoKey: video.key)
        }
    }

    /// The file libvips decodes: the source itself, a RAW file's preview or
    /// a clip's poster frame (made under `video`).
    public func decodePath(_ video: VideoSettings) -> String {
        switch media {
        case .image, .livePhoto: absolutePath
        case .raw(let preview): preview
        case .clip(let clip): clip.poster(of: absolutePath, identity: identity, video: video)
        }
    }

    /// libvips decodes the source's own file (not a RAW file's preview nor
    /// a clip's poster frame, which imgsite writes).
    var decodesItself: Bool {
        switch media {
        case .image, .livePhoto: true
        case .raw, .clip: false
        }
    }

    /// A RAW file's preview, where the source is one.
    public var rawPreview: String? {
        if case .raw(let preview) = media { preview } else { nil }
    }

    /// A clip's poster folder, where the source is one.
    public var clip: ClipSource? {
        if case .clip(let clip) = media { clip } else { nil }
    }

    /// A Live Photo's motion, where the source is its still.
    public var motion: LiveMotion? {
        if case .livePhoto(let motion) = media { motion } else { nil }
    }
}
