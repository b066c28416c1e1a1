import Foundation
import ImgSiteMedia
import ImgSitePlanning
import Vips

extension ImageBuilder {
    /// A clip's video files, from the cache or made now with its poster
    /// frame; its stills are then its poster's, made like a photo's.
    struct ClipFiles {
        var variants: [(variant: Variant, key: String, object: String)]
        /// Stored in the cache now (else found there), by key.
        var new: [String: CachedVariant]
        /// The rows the image records: `new`, and the files found in the
        /// cache's objects before their row was written (made for the same
        /// clip in another album, whose lane records them too).
        var rows: [String: CachedVariant]
        var stats: ClipStats
        /// What they were decided from (`ClipPlan`).
        var plan: ClipPlan
        /// The clip was decoded now.
        var decoded: Bool
        /// Each codec left out, and why (`ClipFileSet`): the clip's warnings.
        var leftOut: [String]
    }

    /// A file of the work folder for one write ending `name`: unique to
    /// this write, not only to its key. The same clip in two albums has the
    /// same keys, and with the key alone the second's transcode truncated
    /// the first's files before they were stored, and failed to store its own.
    func workFile(ending name: String) -> URL {
        clipWork.appending(path: "\(AtomicWriter.temporaryName())-\(name)")
    }

    /// Transcodes under way (`CacheFolder.clipWork`), in the cache beside the objects.
    var clipWork: URL { CacheFolder(objects.folder.deletingLastPathComponent()).clipWork }

    /// The clip's files for `job` as `plan` decides them (its publication's
    /// `videos`), its poster frame written to `poster`. It is decoded (once,
    /// for every file) when a file is missing from the cache, or when its
    /// poster frame is and `needsPoster` (its stills are to be made).
    func clipFiles(_ job: ImageJob, plan: ClipPlan, poster: String, imageKey: String, needsPoster: Bool) throws(BuildError) -> ClipFiles {
        let file = VideoSource(absolutePath: job.source.absolutePath, displayPath: job.source.relativePath, plan: plan,
                               imageKey: imageKey, name: job.slug, role: .video, poster: (poster, needsPoster))
        return try videoFiles(job, file)
    }

    /// A Live Photo's motion files (`live_photos: motion`): its `.mov`
    /// muted, on the ladder like a clip's, named after the still
    /// (`IMG_4412-live-720p.….mp4`); no poster (the still is its own).
    func motionFiles(_ job: ImageJob, motion: LiveMotion) throws(BuildError) -> ClipFiles {
        let content: String
        do {
            content = try store.content(of: motion.absolutePath, identity: motion.identity) ?? SourceHash.of(motion.absolutePath)
        } catch {
            throw BuildError(path: motion.relativePath, "cannot be read: \(error.localizedDescription)")
        }
        var settings = self.settings.video
        settings.audio = .drop
        let info = try ClipProbe.read(motion.absolutePath, displayPath: motion.relativePath)
        let file = VideoSource(absolutePath: motion.absolutePath, displayPath: motion.relativePath, plan: ClipPlan(info, settings: settings),
                               imageKey: SourceHash.of(text: "live motion|\(content)"), name: "\(job.slug)-live", role: .motion, poster: nil)
        return try videoFiles(job, file)
    }

    /// A video file's source and what its files are made with.
    struct VideoSource {
        var absolutePath: String
        var displayPath: String
        /// Its files and how they are made.
        var plan: ClipPlan
        var settings: VideoSettings { plan.settings }
        /// Its content's key: its files' cache keys derive from it.
        var imageKey: String
        /// What its files' names start with.
        var name: String
        var role: VariantRole
        /// Where its poster frame is written, and whether it is needed now.
        var poster: (file: String, needed: Bool)?
    }

    private func videoFiles(_ job: ImageJob, _ source: VideoSource) throws(BuildError) -> ClipFiles {
        let (info, video, set) = (source.plan.info, source.settings, source.plan.fileSet)
        let wanted = set.files
        if wanted.isEmpty, let reason = set.leftOut.first {
            throw BuildError(path: source.displayPath, "cannot be made into video files: \(reason)")
        }
        let keys = wanted.map {
            CacheKey.video(image: source.imageKey, codec: $0.codec, width: $0.width, height: $0.height, frameRate: info.frameRate,
                           encoder: $0.codec.encoder!, settings: video)
        }
        // The same clip in another album: its lane's files, once made, are found below.
        let stored = try ClipClaims.shared.holding("\(objects.folder.path)|\(source.imageKey)") {
            () throws(BuildError) in try cachedOrMade(source, files: Array(zip(wanted, keys)))
        }
        let found = stored.found
        // A codec whose encoder would not open has only the files it made before.
        let variants = zip(wanted, keys).filter { found[$0.1] != nil }.map { spec, key in
            let cached = found[key]!
            let mark = spec.codec == .h264 ? "" : "-\(spec.codec.rawValue)"
            let name = "\(source.name)-\(min(spec.width, spec.height))p\(mark).\(cached.nameHash).mp4"
            return (Variant(path: "\(job.outputFolder)/\(name)", format: cached.format, width: spec.width, height: spec.height,
                            bytes: cached.bytes, role: source.role), key, cached.object)
        }
        return ClipFiles(variants: variants, new: stored.made, rows: stored.rows,
                         stats: ClipStats(seconds: info.seconds, frameRate: info.frameRate, sound: source.plan.sound),
                         plan: source.plan, decoded: stored.decoded, leftOut: stored.leftOut)
    }

    /// A clip's files as the cache has them once any missing were made.
    private struct StoredFiles {
        /// Every file there, by key.
        var found: [String: CachedVariant]
        /// Made now.
        var made: [String: CachedVariant] = [:]
        /// To record with the image (`ClipFiles.rows`).
        var rows: [String: CachedVariant]
        var leftOut: [String]
        /// The clip was decoded now.
        var decoded = false
    }

    /// The files of `files` found in the cache, and those missing made now,
    /// with the poster when it is needed and missing.
    private func cachedOrMade(_ source: VideoSource, files: [(spec: VideoFile, key: String)]) throws(BuildError) -> StoredFiles {
        let recorded = try buildDatabase(.read, at: store.root) { try store.variants(files.map(\.key)) }.filter { objects.exists($0.value.object) }
        var rowless: [String: CachedVariant] = [:]
        for (spec, key) in files where recorded[key] == nil {
            rowless[key] = storedVideo(key: key, codec: spec.codec, width: spec.width, height: spec.height)
        }
        var stored = StoredFiles(found: recorded.merging(rowless) { $1 }, rows: rowless, leftOut: source.plan.fileSet.leftOut)
        let missing = files.filter { stored.found[$0.key] == nil }
        let needsPoster = source.poster.map { $0.needed && !FileManager.default.fileExists(atPath: $0.file) } ?? false
        guard !missing.isEmpty || needsPoster else { return stored }
        let refused: [VideoCodec: String]
        (stored.made, refused) = try transcode(source, missing: missing.map { ($0.spec.codec, $0.spec.width, $0.spec.height, $0.key) })
        stored.decoded = true
        stored.found.merge(stored.made) { $1 }
        stored.rows.merge(stored.made) { $1 }
        for (codec, reason) in refused.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let kept = files.contains { $0.spec.codec == codec && stored.found[$0.key] != nil }
            stored.leftOut.append(
                "\(codec.name) left out: \(reason); \(kept ? "its files from an earlier build are published" : "no \(codec.name) file is published")")
        }
        if !refused.isEmpty, !files.contains(where: { stored.found[$0.key] != nil }) {
            throw BuildError(path: source.displayPath, "cannot be made into video files: \(stored.leftOut.joined(separator: "; "))")
        }
        return stored
    }

    /// The cache's object of a video file made before as `key`, if it is there.
    private func storedVideo(key: String, codec: VideoCodec, width: Int, height: Int) -> CachedVariant? {
        let name = "\(key).mp4"
        guard let bytes = (try? FileManager.default.attributesOfItem(atPath: objects.url(name).path))?[.size] as? Int else { return nil }
        return CachedVariant(object: name, nameHash: String(key.prefix(8)), format: .video(codec.format), width: width, height: height, bytes: bytes)
    }

    /// Decodes the video once: the `missing` files into the cache, the poster
    /// frame to its file. Files are written under the work folder and moved
    /// into the cache whole.
    private func transcode(
        _ source: VideoSource, missing: [(codec: VideoCodec, width: Int, height: Int, key: String)]
    ) throws(BuildError) -> (files: [String: CachedVariant], leftOut: [VideoCodec: String]) {
        let path = source.displayPath
        let outputs = missing.map { file in
            ClipTranscoder.Output(codec: file.codec, width: file.width, height: file.height,
                                  path: workFile(ending: "\(file.key.prefix(24)).mp4").path)
        }
        // Without a poster to keep, its sampler reads the first second only.
        let settings = source.plan.transcoding(files: !missing.isEmpty, keepsPoster: source.poster != nil, threads: max(1, lanes))
        try ClipPoster.createFolder(clipWork, displayPath: path)
        if let poster = source.poster {
            try ClipPoster.createFolder(URL(fileURLWithPath: poster.file).deletingLastPathComponent(), displayPath: path)
        }
        let (poster, refused) = try encodeInPasses(source, outputs: outputs, settings: settings)
        if let file = source.poster?.file { try ClipPoster.write(poster, to: file, displayPath: path) }
        var stored: [String: CachedVariant] = [:]
        for (file, output) in zip(missing, outputs) where refused[file.codec] == nil {
            let name = "\(file.key).mp4"
            do {
                try objects.adopt(URL(fileURLWithPath: output.path), as: name)
                stored[file.key] = storedVideo(key: file.key, codec: file.codec, width: file.width, height: file.height)
            } catch {
                try? FileManager.default.removeItem(atPath: output.path)
                throw BuildError(path: path, "cannot be stored in the cache \(objects.folder.path): \(error.localizedDescription)")
            }
        }
        return (stored, refused)
    }

    /// Makes `outputs` in as few decodes as `video.memory` allows
    /// (`ClipMemory`), each pass through `ClipGate`; the poster is the first
    /// pass's. A failure leaves none of the outputs.
    private func encodeInPasses(
        _ source: VideoSource, outputs: [ClipTranscoder.Output], settings: ClipTranscoder.Settings
    ) throws(BuildError) -> (poster: ClipTranscoder.Poster, leftOut: [VideoCodec: String]) {
        let memory = ClipMemory(info: source.plan.info, top: source.plan.poster, threads: settings.threads)
        let size = { (output: ClipTranscoder.Output) in ClipMemory.encoder(output.codec, width: output.width, height: output.height) }
        let passes = outputs.isEmpty ? [[]] : memory.passes(outputs, budget: source.settings.memory, bytes: size)
        var poster: ClipTranscoder.Poster?
        var refused: [VideoCodec: String] = [:]
        var said = 0
        do {
            for (index, pass) in passes.enumerated() {
                let files = pass.filter { refused[$0.codec] == nil }
                if index > 0 && files.isEmpty { continue }
                var passSettings = settings
                // Later passes sample only the first second for a poster they drop, of a clip known to decode.
                if index > 0 { (passSettings.posterAt, passSettings.framesKnown) = (0, true) }
                let bytes = memory.base + files.map(size).reduce(0, +)
                let made = try ClipGate.shared.run(bytes: bytes, budget: source.settings.memory) { () throws(BuildError) in
                    // Its frames, under the heap's 32 MiB for reuse, would stay beside the next pass's.
                    defer { FreedMemory.giveBack() }
                    return try ClipTranscoder.transcodeLeavingOut(source.absolutePath, displayPath: source.displayPath, outputs: files,
                                                           settings: passSettings) { done in
                        let percent = Int((Double(index) + done) / Double(passes.count) * 20) * 5
                        if percent > said {
                            said = percent
                            progress?(percent)
                            FaultInjection.point("encoding")
                        }
                        return true
                    }
                }
                if poster == nil { poster = made.poster }
                refused.merge(made.leftOut) { first, _ in first }
            }
        } catch {
            for output in outputs { try? FileManager.default.removeItem(atPath: output.path) }
            throw error
        }
        return (poster!, refused)
    }

}
