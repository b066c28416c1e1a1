import Foundation
import ImgSiteMedia
import ImgSitePlanning
import Vips

/// Makes the outputs of one image the journal cannot vouch for (the process
/// step serves those it can), doing as little as it can:
/// 1. its content hash (recorded for this path while the file's size,
///    modification time and inode are unchanged; else read and hashed) finds
///    the cached record, variants and placeholder: they are linked into the
///    folder, nothing is decoded;
/// 2. else the source is decoded and what is missing is encoded, stored in
///    the cache and linked.
/// Each finished image is recorded in one transaction before its files are
/// linked, so the record always covers what is in the folder.
struct ImageBuilder: Sendable {
    /// What building one image did.
    struct Outcome: Sendable {
        var image: ProcessedImage
        var summary: ImageSummary
        /// The source was decoded (else the journal or the cache served it).
        var decoded = false
        /// Files encoded now.
        var encodedFiles = 0
        /// The source file was opened (to hash or to decode).
        var readSource = false
        /// Its header, when this build read it.
        var header: SourceHeader?
    }

    /// This image's settings (`SettingsPlan`).
    let settings: ImageSettings
    let store: BuildStore
    let objects: ObjectStore
    /// Where every file is published (a private album's sealed into place, not linked).
    let writer: SiteWriter
    let force: Bool
    /// Threads for one image's encodes (`ImageProcessor.lanes`).
    var lanes = 1
    /// Told how far a clip's transcode is, in percent, every 5 %.
    var progress: (@Sendable (Int) -> Void)?

    private var processor: ImageProcessor { ImageProcessor(settings: settings, lanes: lanes) }

    /// Builds `job`; `header`, when its header was read already this build.
    func build(_ job: ImageJob, header known: SourceHeader? = nil) throws(BuildError) -> Outcome {
        let path = job.source.relativePath
        var known = known
        // A clip's header is its container's, probed once: its files, its original and its poster's stills read it.
        if case .clip = job.source.media, known == nil { known = try SourceHeader.read(job.source, settings: settings) }
        let sidecar = try sidecar(of: job)
        let (content, hashed) = try contentHash(job)
        let imageKey = CacheKey.image(
            content: content, metadata: settings.metadata, media: job.source.media, video: settings.video)
        let phase = WidthPlanner.phase(content: content)
        let kind = settings.placeholder.kind(forSource: path)
        var found = force ? Found() : try cached(imageKey, phase: phase, job: job, placeholder: kind, known: known)
        // Records made before the details panel, XMP and IPTC captions or the
        // photos' own titles lack them: the header has them, read once without
        // decoding (the record is saved again below).
        if let metadata = found.record?.metadata, metadata.details == nil || metadata.captionSource == nil || metadata.titleSource == nil {
            found.record!.metadata = try SourceHeader.read(job.source, settings: settings, known: known).metadata(policy: settings.metadata)
        }
        // A clip's video files first: decoding it writes the poster frame its stills are made from.
        var (clip, motion): (ClipFiles?, ClipFiles?) = (nil, nil)
        switch job.source.media {
        case .image, .raw: break
        case .clip:
            clip = try clipFiles(job, plan: ClipPlan(known!.clip!, settings: settings.video), poster: job.source.decodePath(settings.video),
                                 imageKey: imageKey, needsPoster: !found.isComplete(wantsPlaceholder: kind.codec != nil))
        case .livePhoto(let source): motion = try motionFiles(job, motion: source)
        }
        let videos = [clip, motion].compactMap { $0 }
        if found.isComplete(wantsPlaceholder: kind.codec != nil) {
            let (result, summary) = try finish(job, sidecar: sidecar, content: content, imageKey: imageKey, found: found, clip: clip, motion: motion)
            return Outcome(image: result, summary: summary, decoded: videos.contains(where: \.decoded), encodedFiles: videos.reduce(0) { $0 + $1.new.count },
                           readSource: hashed || videos.contains(where: \.decoded))
        }
        var header = known
        // Read inside: a header that cannot be read is told with its own libvips message.
        let encoded = try Vips.withOwnMessages { () throws(BuildError) in
            header = try SourceHeader.read(job.source, settings: settings, known: header)
            return try processor.encode(job, header: header, phase: phase, except: Set(found.variants.keys), placeholder: found.placeholder == nil ? kind : nil)
        }
        if found.plan != encoded.plan { found = Found() }  // a record from elsewhere: trust only this decode
        found.record = encoded.record
        found.plan = encoded.plan
        found.placeholder = found.placeholder ?? encoded.placeholder
        var fresh: [String: CachedVariant] = [:]
        var stored: [(data: Data, name: String)] = []
        for (spec, variant) in encoded.variants {
            let key = variantKey(imageKey, spec, plan: encoded.plan)
            let cached = CachedVariant(
                object: "\(key).\(spec.format.fileExtension)", nameHash: ContentHash.short(variant.data), format: .image(spec.format),
                width: spec.width, height: variant.height, bytes: variant.data.count)
            stored.append((variant.data, cached.object))
            found.variants[spec] = cached
            fresh[key] = cached
        }
        do {
            try objects.put(stored)
        } catch {
            throw BuildError(path: path, "cannot be stored in the cache \(objects.folder.path): \(error.localizedDescription)")
        }
        let newPlaceholder = encoded.placeholder.map { (placeholderKey(imageKey, kind: kind, plan: encoded.plan), $0) }
        let (result, summary) = try finish(
            job, sidecar: sidecar, content: content, imageKey: imageKey, found: found, clip: clip, motion: motion, newVariants: fresh,
            newPlaceholder: newPlaceholder)
        return Outcome(
            image: result, summary: summary, decoded: true, encodedFiles: encoded.variants.count + videos.reduce(0) { $0 + $1.new.count },
            readSource: true, header: header)
    }

    // MARK: Steps

    /// What the cache holds for an image key.
    struct Found {
        var record: ImageRecord?
        var plan: OutputPlan?
        var variants: [VariantSpec: CachedVariant] = [:]
        var placeholder: Placeholder?

        func isComplete(wantsPlaceholder: Bool) -> Bool {
            guard record != nil, let plan else { return false }
            return plan.specs.allSatisfy { variants[$0] != nil } && (placeholder != nil || !wantsPlaceholder)
        }
    }

    /// The photo's sidecar as read, read first: one that cannot be read as
    /// meant may say hidden, so the photo is not published until it can be
    /// (and nothing is decoded for it). Read each time the entry is stale:
    /// it is what changes, not the photo.
    private func sidecar(of job: ImageJob) throws(BuildError) -> Curated<Sidecar.Text>? {
        var read: Curated<Sidecar.Text>?
        for file in [job.source.markdown, job.source.sidecar].compactMap({ $0 }) {
            switch file.read() {
            case .success(let text): read = read.map { text.over($0) } ?? text
            case .failure(let problem): throw BuildError(path: job.source.relativePath, "\(problem.message); not published until it can be read")
            }
        }
        return read
    }

    /// The source's content hash, and whether the file had to be read for it.
    private func contentHash(_ job: ImageJob) throws(BuildError) -> (String, Bool) {
        do {
            if let known = try store.content(of: job.source.absolutePath, identity: job.source.identity) { return (known, false) }
            return (try SourceHash.of(job.source.absolutePath), true)
        } catch {
            throw BuildError(path: job.source.relativePath, "cannot be read: \(error.localizedDescription)")
        }
    }

    private func cached(
        _ imageKey: String, phase: Double, job: ImageJob, placeholder kind: PlaceholderKind, known: SourceHeader?
    ) throws(BuildError) -> Found {
        guard var record = try buildDatabase(.read, at: store.root, { try store.record(imageKey) }) else { return Found() }
        // Records made before HDR photos were read: the header says, read once without decoding (saved again in `finish`).
        if record.dynamicRange == nil, job.source.clip == nil {
            record.dynamicRange = try SourceHeader.read(job.source, settings: settings, known: known).dynamicRange
        }
        try SourceHeader.checkPixelLimit(
            width: record.width, height: record.height, frames: record.animation?.delays.count ?? 1, limit: settings.pixelLimit,
            path: job.source.relativePath)
        let plan = settings.outputs(
            width: record.width, height: record.height, animation: record.animation, phase: phase, range: record.dynamicRange)
        let keys = Dictionary(uniqueKeysWithValues: plan.specs.map { (variantKey(imageKey, $0, plan: plan), $0) })
        let (rows, placeholder) = try buildDatabase(.read, at: store.root) {
            (try store.variants(Array(keys.keys)), try kind.codec == nil ? nil : store.placeholder(placeholderKey(imageKey, kind: kind, plan: plan)))
        }
        var variants: [VariantSpec: CachedVariant] = [:]
        for (key, variant) in rows where objects.exists(variant.object) { variants[keys[key]!] = variant }
        return Found(record: record, plan: plan, variants: variants, placeholder: placeholder)
    }

    /// Records the image (one transaction), then links its files into place.
    private func finish(
        _ job: ImageJob, sidecar: Curated<Sidecar.Text>?, content: String, imageKey: String, found: Found, clip: ClipFiles? = nil,
        motion: ClipFiles? = nil, newVariants: [String: CachedVariant] = [:], newPlaceholder: (String, Placeholder)? = nil
    ) throws(BuildError) -> (ProcessedImage, ImageSummary) {
        let (record, plan) = (found.record!, found.plan!)
        let specs = plan.specs
        var variants = specs.map { spec -> Variant in
            let cached = found.variants[spec]!
            let role = ([.poster, .dense, .hdr].contains(spec.role) ? "-\(spec.role.rawValue)" : "") + (spec.thumbnail ? "-thumb" : "")
            let name = "\(job.slug)-\(spec.width)\(role).\(cached.nameHash).\(spec.format.fileExtension)"
            var variant = Variant(
                path: "\(job.outputFolder)/\(name)", format: .image(spec.format), width: spec.width, height: cached.height, bytes: cached.bytes,
                role: spec.role)
            if spec.thumbnail { variant.thumbnail = true }
            return variant
        }
        var animation: AnimationStats?
        if let source = record.animation, let frames = plan.frames {
            animation = AnimationStats(source, width: record.width, height: record.height, fileBytes: job.source.byteCount,
                                       frames: frames, fileBytesAfter: variants.first { $0.role == .image }?.bytes ?? 0)
        }
        let publication = settings.publication(plan, fileFormat: OriginalDownload.format(of: job.source), videos: clip?.plan.fileSet.files)
        let original = try original(job, format: publication.original, imageKey: imageKey, record: record, clip: clip?.plan.info)
        if let original { variants.append(original.variant) }
        let videos = [clip, motion].compactMap { $0 }
        for files in videos { variants += files.variants.map(\.variant) }
        var (metadata, warnings) = (record.metadata, record.warnings + videos.flatMap(\.leftOut))
        if let sidecar {
            metadata = sidecar.applied(to: metadata)
            warnings += sidecar.ignored.map(\.message)
        }
        var result = ProcessedImage(
            source: job.source.relativePath, sourceBytes: job.source.byteCount, width: record.width, height: record.height,
            hasAlpha: record.hasAlpha, variants: variants, placeholder: found.placeholder, animation: animation, clip: clip?.stats,
            metadata: metadata, warnings: warnings)
        result.markedFrom = settings.watermark?.minWidth
        result.dynamicRange = record.dynamicRange?.isHDR == true ? record.dynamicRange : nil
        var keys = [imageKey] + specs.map { variantKey(imageKey, $0, plan: plan) }
            + (found.placeholder.map { [placeholderKey(imageKey, kind: $0.kind, plan: plan)] } ?? [])
        var newVariants = newVariants
        if let original {
            keys.append(original.key)
            newVariants[original.key] = original.new
        }
        for files in videos {
            keys += files.variants.map(\.key)
            newVariants.merge(files.rows) { $1 }
        }
        let summary: ImageSummary
        do {
            let json: Data
            (json, summary) = try ImageSummary.encode(result)
            let entry = JournalEntry(
                identity: job.source.identity, plan: job.journalPlan(settings), content: content, keys: keys, summary: summary,
                files: variants.map { writer.stored($0.path) }, warnings: warnings)
            try store.recordFinished(FinishedImage(
                source: job.source.relativePath, sourcePath: job.source.absolutePath, entry: entry, result: json, imageKey: imageKey,
                record: record, variants: newVariants, placeholder: newPlaceholder.map { (key: $0.0, value: $0.1) }))
        } catch {
            throw BuildError(path: job.source.relativePath, "cannot be recorded in the build database: \(error)")
        }
        try link(variants, specs: specs, found: found)
        for file in videos.flatMap(\.variants) {
            do {
                try writer.place(objects.url(file.object), at: file.variant.path)
            } catch {
                throw BuildError(path: file.variant.path, "cannot be written: \(error.localizedDescription)")
            }
        }
        if let original {
            do {
                try writer.place(objects.url(original.object), at: original.variant.path)
            } catch {
                throw BuildError(path: original.variant.path, "cannot be written: \(error.localizedDescription)")
            }
        }
        return (result, summary)
    }

    private func link(_ variants: [Variant], specs: [VariantSpec], found: Found) throws(BuildError) {
        for (spec, variant) in zip(specs, variants) {
            do {
                try writer.place(objects.url(found.variants[spec]!.object), at: variant.path)
            } catch {
                throw BuildError(path: variant.path, "cannot be written: \(error.localizedDescription)")
            }
        }
    }

    private func variantKey(_ imageKey: String, _ spec: VariantSpec, plan: OutputPlan) -> String {
        if spec.role != .poster, let frames = plan.frames {
            return CacheKey.animation(image: imageKey, spec: spec, frames: frames, encoder: settings.animationEncoder(spec.format))
        }
        let derivedFrom = Array(plan.chain.prefix { $0 >= spec.width })
        // A thumbnail's copy is the unmarked file: its key is the one a site without the mark has.
        let mark = settings.watermark.flatMap { $0.marks(spec) ? $0.identity : nil }
        return CacheKey.variant(
            image: imageKey, spec: spec, chain: derivedFrom, route: route(plan),
            encoder: settings.encoder(spec.format, width: spec.width, role: spec.role), watermark: mark)
    }

    private func placeholderKey(_ imageKey: String, kind: PlaceholderKind, plan: OutputPlan) -> String {
        CacheKey.placeholder(image: imageKey, kind: kind, chain: plan.chain, route: route(plan))
    }

    /// The still path's route for an image of `plan` (an animation's poster
    /// and placeholder always take the RGB one).
    private func route(_ plan: OutputPlan) -> StillPath.Route {
        StillPath.Route(settings, animated: plan.frames != nil, hdr: plan.hasHDR)
    }
}
