import Foundation
import ImgSiteMedia

/// Everything one source publishes, decided here once from what is known
/// of it without decoding and from the settings: its image files
/// (`OutputPlan`), its own file beside them (`downloads: original`), and
/// the file its page offers and its album's zip holds (for a clip, one of
/// its video files, which `ClipPlan` decides). The builder writes exactly
/// this; the budget's predictor counts it with estimated bytes, the page
/// and the zip offer its download.
package struct Publication: Sendable, Equatable {
    package var plan: OutputPlan
    /// The source's own file, its metadata cut, in this format; nil: not published.
    package var original: FileFormat?
    /// The file offered for download; nil under `downloads: none`.
    package var download: Download?

    package enum Download: Sendable, Equatable {
        /// The source's own file (`original`).
        case original
        /// One of its image files.
        case file(VariantSpec)
        /// One of a clip's video files (`VideoFile.offered`).
        case video(VideoFile)
    }

    /// The name a download is saved under, on its page and in its album's
    /// zip: the source's own ("DSC_0412.JPG" as an original), with the
    /// extension of the file offered ("DSC_0412.jpg" as a JPEG).
    package static func downloadName(source: String, original: Bool, format: FileFormat) -> String {
        let name = (source as NSString).lastPathComponent
        return original ? name : (name as NSString).deletingPathExtension + "." + format.fileExtension
    }
}

extension DownloadPolicy {
    /// What a page offers under this policy: the source's own file where it
    /// can be published as it is, else a clip's largest H.264 file (plays
    /// everywhere), an animation's animated file, a still's widest JPEG.
    /// The one rule for the plan (`Publication`) and for the files as built
    /// (`ProcessedImage.download`).
    package enum Offer { case original, largestVideo, animatedFile, widestJPEG }

    package func offer(hasOriginal: Bool, animated: Bool, clip: Bool = false) -> Offer? {
        switch self {
        case .none: nil
        case .original where hasOriginal: .original
        case .original, .largest: clip ? .largestVideo : animated ? .animatedFile : .widestJPEG
        }
    }
}

extension ImageSettings {
    /// What a source publishes: `plan`, its files (`outputs`); `fileFormat`,
    /// the format its own file could be published in as it is
    /// (`OriginalDownload.format(of:)`: nil for a RAW file, a PNG, a HEIC),
    /// read only under `downloads: original`.
    /// `videos`: a video clip's files (`ClipPlan.fileSet`; its plan is its
    /// poster's stills), nil for a photo.
    package func publication(_ plan: OutputPlan, fileFormat: @autoclosure () -> FileFormat?, videos: [VideoFile]? = nil) -> Publication {
        let original = original(fileFormat())
        let download: Publication.Download? = switch shape.downloads.offer(hasOriginal: original != nil, animated: plan.frames != nil, clip: videos != nil) {
        case .none: nil
        case .original: .original
        case .largestVideo: VideoFile.offered(videos ?? []).map { .video($0) }
        case .animatedFile: plan.specs.first { $0.role == .image }.map { .file($0) }
        // An HDR photo offers its HDR JPEG of that width: the SDR photo to every reader, HDR to those that show gain maps.
        case .widestJPEG: plan.specs.filter { $0.format == .jpeg && ($0.role == .image || $0.role == .hdr) }
            .max { ($0.width, $0.role == .hdr ? 1 : 0) < ($1.width, $1.role == .hdr ? 1 : 0) }.map { .file($0) }
        }
        return Publication(plan: plan, original: original, download: download)
    }

    /// The format a source's own file is published in: its `fileFormat`
    /// under `downloads: original`, else none.
    package func original(_ fileFormat: @autoclosure () -> FileFormat?) -> FileFormat? {
        shape.downloads == .original ? fileFormat() : nil
    }
}
