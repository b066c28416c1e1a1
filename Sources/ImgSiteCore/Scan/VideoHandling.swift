import Foundation

/// How a scan takes video clips (`video:` in imgsite.yml).
public enum VideoHandling: Sendable {
    /// The cache folder's folder of clips' poster frames (pruned by `CachePruner`).
    public static let posterFolder = "clip-posters"

    /// File extensions read as clips (lower case): what phones and cameras
    /// write, and sigal's sample gallery's Ogg.
    public static let extensions: Set<String> = ["mp4", "mov", "m4v", "webm", "mkv", "3gp", "avi", "ogv"]

    /// Each clip is published (`ClipSource`), its poster frame written into
    /// `posters`. Where FFmpeg cannot
    /// be used, clips are skipped saying why.
    case publish(posters: URL, settings: VideoSettings)
    /// Every clip is skipped (`video: false`).
    case skip

    /// Why a clip is skipped under this handling, or nil when it is published.
    /// FFmpeg is loaded only here, when a scan first meets a clip.
    var skipReason: String? {
        switch self {
        case .skip: "a video clip; video: false leaves clips out"
        case .publish: ClipProbe.unavailable.map { "a video clip, and \($0)" }
        }
    }

    /// Whether a Live Photo's motion is published with its still.
    var showsMotion: Bool {
        if case .publish(_, let settings) = self { settings.livePhotos == .motion } else { false }
    }

    /// The clip at `path` as a source, or nil when clips are skipped.
    func clip(at path: String, identity: FileIdentity) -> ClipSource? {
        guard case .publish(let folder, let settings) = self else { return nil }
        let settingsKey = settings.key
        let key = SourceHash.of(
            text: "clip poster|\(path)|\(identity.size)|\(identity.modifiedNanoseconds)|\(identity.inode)|\(settingsKey)")
        return ClipSource(poster: folder.appending(path: String(key.prefix(32)) + ".jpg").path, settings: settings, settingsKey: settingsKey)
    }

    static func isClip(_ name: some StringProtocol) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }
}

/// A video clip among the photos: decoded once into its video files and its
/// poster frame, which is written where the still pipeline reads it
/// (`SourceImage.decodePath`), as a RAW file's preview is.
public struct ClipSource: Sendable, Equatable, Hashable {
    /// Where its poster frame is written, in the cache folder: named by the
    /// clip's path, size, time and inode and the video settings.
    public var poster: String
    public var settings: VideoSettings
    /// `VideoSettings.key`: in the journal's plan, so a changed setting
    /// makes the clip again.
    public var settingsKey: String
}

/// A Live Photo's motion (its short `.mov`), published with its still under
/// `live_photos: motion`: muted files played in a loop on the photo's page.
public struct LiveMotion: Sendable, Equatable, Hashable {
    public var relativePath: String
    public var absolutePath: String
    public var identity: FileIdentity
    public var settings: VideoSettings

    /// In the still's journal plan: a changed `.mov` or video setting makes
    /// the still's entry stale.
    var journalTag: String {
        "motion \(relativePath) \(identity.size) \(identity.modifiedNanoseconds) \(identity.inode) \(settings.key)"
    }
}
