import Foundation
import ImgSiteMedia
import ImgSitePlanning

/// `photo` and `album`: what a page offers to download (`downloads:`,
/// `album_zip:`), written as `<a href download>`.
struct DownloadContext {
    var href: String
    /// The name the browser saves it under (the `download` attribute).
    var fileName: String
    /// "Download the original" or "Download"; for an album, "Download all 12 photos" (or "… and 2 clips").
    var label: String
    /// "4000 × 3000, JPEG, 5.2 MB"; "zip" for an album's.
    var size: String
}

extension ProcessedImage {
    /// The file its page offers under `policy` (`DownloadPolicy.offer`,
    /// the rule its `Publication` was planned by); nil under `none`.
    func download(_ policy: DownloadPolicy) -> Variant? {
        let original = variants.first { $0.role == .original }
        return switch policy.offer(hasOriginal: original != nil, animated: animation != nil, clip: clip != nil) {
        case .none: nil
        case .original: original
        case .largestVideo: VideoFile.offered(videos.compactMap(\.videoFile)).flatMap { file in videos.first { $0.videoFile == file } }
        case .animatedFile: variants.first { $0.role == .image }
        case .widestJPEG: (stills.filter { $0.format == .jpeg } + hdrStills)
            .max { ($0.width, $0.role == .hdr ? 1 : 0) < ($1.width, $1.role == .hdr ? 1 : 0) }
        }
    }

    /// The download's name: the source's own, with the extension of the
    /// file offered ("DSC_0412.JPG" as an original, "DSC_0412.jpg" as a JPEG).
    func downloadName(_ file: Variant) -> String {
        Publication.downloadName(source: source, original: file.role == .original, format: file.format)
    }
}

extension DownloadContext {
    /// A photo page's link, or nil when the site offers none.
    init?(_ image: ProcessedImage, policy: DownloadPolicy, root: String, words: Words) {
        guard let file = image.download(policy) else { return nil }
        let format = switch file.format {
        case .jpeg: "JPEG"
        case .mp4: "H.264 MP4"
        case .clip: (file.path as NSString).pathExtension.uppercased()
        default: file.format.rawValue.uppercased()
        }
        self.init(
            href: root + file.path, fileName: image.downloadName(file),
            label: words.text(file.role == .original ? "download_original" : "download"),
            size: "\(file.width) × \(file.height), \(format), \(words.decimals(Bytes.text(file.bytes)))")
    }
}
