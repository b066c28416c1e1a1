import Foundation
import ImgSiteMedia

/// How a scan takes video clips (`video:` in imgsite.yml).
public enum VideoHandling: Sendable {
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
    package var skipReason: String? {
        switch self {
        case .skip: "a video clip; video: false leaves clips out"
        case .publish: ClipProbe.unavailable.map { "a video clip, and \($0)" }
        }
    }

    /// Whether a Live Photo's motion is published with its still.
    var showsMotion: Bool {
        if case .publish(_, let settings) = self { settings.livePhotos == .motion } else { false }
    }

    /// What a clip the scan finds is, or nil when clips are skipped.
    var clipSource: ClipSource? {
        guard case .publish(let folder, _) = self else { return nil }
        return ClipSource(posters: folder.path)
    }

    package static func isClip(_ name: some StringProtocol) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }
}

/// A video clip among the photos: decoded once into its video files and its
/// poster frame, which is written where the still pipeline reads it
/// (`SourceImage.decodePath`), as a RAW file's preview is. Its settings are
/// the build's (`ImageSettings.video`: the site's, or as a budget moved them),
/// chosen once, not the scan's.
public struct ClipSource: Sendable, Equatable, Hashable {
    /// The cache folder's folder of poster frames.
    public var posters: String

    /// Where the poster frame of the clip at `path` is written under `video`:
    /// named by the clip's path, size, time and inode and the video settings.
    package func poster(of path: String, identity: FileIdentity, video: VideoSettings) -> String {
        let key = SourceHash.of(
            text: "clip poster|\(path)|\(identity.size)|\(identity.modifiedNanoseconds)|\(identity.inode)|\(video.key)")
        return posters + "/" + String(key.prefix(32)) + ".jpg"
    }
}

/// A Live Photo's motion (its short `.mov`), published with its still under
/// `live_photos: motion`: muted files played in a loop on the photo's page.
public struct LiveMotion: Sendable, Equatable, Hashable {
    public var relativePath: String
    public var absolutePath: String
    public var identity: FileIdentity

    /// In the still's journal plan, with the video settings' key: a changed
    /// `.mov` or video setting makes the still's entry stale.
    func journalTag(videoKey: String) -> String {
        "motion \(relativePath) \(identity.size) \(identity.modifiedNanoseconds) \(identity.inode) \(videoKey)"
    }
}
