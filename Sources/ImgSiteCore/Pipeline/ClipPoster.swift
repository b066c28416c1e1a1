import Foundation
import ImgSiteMedia
import ImgSitePlanning
import Vips

/// A clip's poster frame as a file the still pipeline reads
/// (`SourceImage.decodePath`): written by the clip's transcode, or alone
/// when a budget's sample needs it before the build.
enum ClipPoster {
    /// Writes `source`'s poster frame under `video` when it is not there
    /// yet, reading the clip's opening seconds only; `info`: its container,
    /// when probed already.
    static func ensure(_ source: SourceImage, video: VideoSettings, info known: ClipInfo? = nil) throws(BuildError) {
        guard case .clip = source.media else { return }
        let file = source.decodePath(video)
        guard !FileManager.default.fileExists(atPath: file) else { return }
        var info = known
        if info == nil { info = try ClipProbe.read(source.absolutePath, displayPath: source.relativePath) }
        let settings = ClipPlan(info!, settings: video).transcoding(files: false, keepsPoster: true, threads: 1)
        try createFolder(URL(fileURLWithPath: file).deletingLastPathComponent(), displayPath: source.relativePath)
        let poster = try ClipTranscoder.transcode(source.absolutePath, displayPath: source.relativePath, outputs: [], settings: settings)
        try write(poster, to: file, displayPath: source.relativePath)
    }

    static func createFolder(_ folder: URL, displayPath: String) throws(BuildError) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw BuildError(path: displayPath, "cannot be made: the cache folder cannot be written (\(error.localizedDescription))")
        }
    }

    /// The poster frame as a JPEG the still pipeline reads (near-lossless:
    /// quality 95, no chroma subsampling), written whole.
    static func write(_ poster: ClipTranscoder.Poster, to file: String, displayPath: String) throws(BuildError) {
        do {
            let image = try VipsImage.rgba(poster.rgba, width: poster.width, height: poster.height).flattened()
            let bytes = try image.encoded(.jpeg(quality: 95, progressive: false, subsample420: false))
            try AtomicWriter.write(Data(bytes), to: URL(fileURLWithPath: file))
        } catch {
            throw BuildError(path: displayPath, "its poster frame cannot be written: \(error)")
        }
    }
}
