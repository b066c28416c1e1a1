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
