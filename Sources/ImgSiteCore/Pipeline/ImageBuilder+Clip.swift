import Foundation
import Vips

extension ImageBuilder {
    /// A clip's video files, from the cache or made now with its poster
    /// frame; its stills are then its poster's, made like a photo's.
    struct ClipFiles {
        var variants: [(variant: Variant, key: String, object: String)]
        /// Stored in the cache now (else found there), by key.
        var new: [String: CachedVariant]
        var stats: ClipStats
        /// The clip was decoded now.
        var decoded: Bool
    }

    /// The cache folder's folder of transcodes under way: a build that did
    /// not finish left nothing elsewhere, and the next one empties it.
    static let clipWorkFolder = "clip-work"

    /// The clip's files for `job`. It is decoded (once, for every file) when
    /// a file is missing from the cache, or when its poster frame is and
    /// `needsPoster` (its stills are to be made).
    func clipFiles(_ job: ImageJob, clip: ClipSource, imageKey: String, needsPoster: Bool) throws(BuildError) -> ClipFiles {
        let path = job.source.relativePath
        let info = try ClipProbe.read(job.source.absolutePath, displayPath: path)
        let video = clip.settings
        let ladder = ClipLadder(width: info.width, height: info.height, maxHeight: video.maxHeight)
        let sound = info.audioCodec != nil && video.audio == .keep
        let wanted = video.encodable.flatMap { codec in ladder.sizes.map { (codec: codec, width: $0.width, height: $0.height) } }
        let keys = wanted.map {
            CacheKey.video(image: imageKey, codec: $0.codec, width: $0.width, height: $0.height, frameRate: info.frameRate,
                           encoder: $0.codec.encoder!, settings: video)
        }
        var found = try buildDatabase(.read, at: store.root) { try store.variants(keys) }.filter { objects.exists($0.value.object) }
        let missing = zip(wanted, keys).filter { found[$0.1] == nil }
        var new: [String: CachedVariant] = [:]
        let decode = !missing.isEmpty || (needsPoster && !FileManager.default.fileExists(atPath: clip.poster))
        if decode {
            new = try transcode(job, info: info, ladder: ladder, sound: sound, clip: clip, missing: missing.map { ($0.0.codec, $0.0.width, $0.0.height, $0.1) })
            found.merge(new) { $1 }
        }
        let variants = zip(wanted, keys).map { spec, key in
            let cached = found[key]!
            let mark = spec.codec == .h264 ? "" : "-\(spec.codec.rawValue)"
            let name = "\(job.slug)-\(min(spec.width, spec.height))p\(mark).\(cached.nameHash).mp4"
            return (Variant(path: "\(job.outputFolder)/\(name)", format: cached.format, width: spec.width, height: spec.height,
                            bytes: cached.bytes, role: .video), key, cached.object)
        }
        return ClipFiles(variants: variants, new: new, stats: ClipStats(seconds: info.seconds, frameRate: info.frameRate, sound: sound),
                         decoded: decode)
    }

    /// Decodes the clip once: the `missing` files into the cache, the poster
    /// frame to its file. Files are written under the work folder and moved
    /// into the cache whole.
    private func transcode(
        _ job: ImageJob, info: ClipInfo, ladder: ClipLadder, sound: Bool, clip: ClipSource,
        missing: [(codec: VideoCodec, width: Int, height: Int, key: String)]
    ) throws(BuildError) -> [String: CachedVariant] {
        let path = job.source.relativePath
        let work = objects.folder.deletingLastPathComponent().appending(path: Self.clipWorkFolder)
        let outputs = missing.map { file in
            ClipTranscoder.Output(codec: file.codec, width: file.width, height: file.height,
                                  path: work.appending(path: "\(AtomicWriter.temporaryPrefix)\(getpid())-\(file.key.prefix(24)).mp4").path)
        }
        let top = ladder.sizes[0]
        let settings = ClipTranscoder.Settings(
            width: top.width, height: top.height, frameRate: info.frameRate, quality: clip.settings.quality,
            audioBitrate: sound && !missing.isEmpty ? VideoSettings.audioBitrate : 0,
            posterAt: clip.settings.posterAt(seconds: info.seconds), threads: max(1, lanes))
        try ClipPoster.createFolder(work, displayPath: path)
        try ClipPoster.createFolder(URL(fileURLWithPath: clip.poster).deletingLastPathComponent(), displayPath: path)
        var said = 0
        let poster = try ClipGate.shared.run { () throws(BuildError) in
            try ClipTranscoder.transcode(job.source.absolutePath, displayPath: path, outputs: outputs, settings: settings) { done in
                let percent = Int(done * 20) * 5
                if percent > said {
                    said = percent
                    progress?(percent)
                    FaultInjection.point("encoding")
                }
                return true
            }
        }
        try ClipPoster.write(poster, to: clip.poster, displayPath: path)
        var stored: [String: CachedVariant] = [:]
        for (file, output) in zip(missing, outputs) {
            let name = "\(file.key).mp4"
            do {
                let bytes = try FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int ?? 0
                try objects.adopt(URL(fileURLWithPath: output.path), as: name)
                stored[file.key] = CachedVariant(object: name, nameHash: String(file.key.prefix(8)), format: file.codec.format,
                                                 width: file.width, height: file.height, bytes: bytes)
            } catch {
                try? FileManager.default.removeItem(atPath: output.path)
                throw BuildError(path: path, "cannot be stored in the cache \(objects.folder.path): \(error.localizedDescription)")
            }
        }
        return stored
    }

}
