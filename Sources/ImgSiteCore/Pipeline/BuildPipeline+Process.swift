import Foundation
import Vips

extension BuildPipeline {
    /// Serves every image the journal vouches for, then builds the others on
    /// `jobs` threads (`ImageBuilder`: from the cache, or encoded). Each
    /// finished image is recorded at once, in its own transaction.
    func process(_ state: inout BuildState) throws(BuildError) {
        let settings = state.settings!
        let stale = serveFresh(&state)
        guard !stale.isEmpty else { return }
        // A photo tightened past the site's settings makes no other formats.
        try startLibvips(for: stale, settings: settings)
        let outcomes = build(stale, with: imageBuilder(settings, state: state, images: stale.count), photoSettings: state.photoSettings)
        count(outcomes, of: stale, into: &state)
    }

    /// Takes every image the journal vouches for as it stands, says so, and
    /// returns the others.
    private func serveFresh(_ state: inout BuildState) -> [ImageJob] {
        let jobs = state.jobs
        var listing = OutputListing(root: options.output)
        var stale: [ImageJob] = []
        for job in jobs {
            let source = job.source.relativePath
            if let summary = job.fresh(state.journal[source], plan: state.settings(for: source).key, listing: &listing) {
                state.summaries[source] = summary
                state.summary.warnings += state.journal[source]!.warnings.map { "\(source): \($0)" }
            } else {
                stale.append(job)
            }
        }
        observe(.started(total: jobs.count, fresh: jobs.count - stale.count))
        for job in jobs {
            let source = job.source.relativePath
            if state.summaries[source] != nil { observe(.upToDate(source, warnings: state.journal[source]!.warnings)) }
        }
        state.summary.upToDate = jobs.count - stale.count
        state.journalSources = Set(state.journal.keys)
        state.journal = [:]
        state.outputsChanged = !stale.isEmpty
        return stale
    }

    /// jobs × libvips threads ≤ cores: parallel images beat parallel tiles.
    /// HEIF and JPEG XL (libvips modules, 11 ms) only when read or written.
    private func startLibvips(for stale: [ImageJob], settings: ImageSettings) throws(BuildError) {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let heif = stale.contains { LoaderMessage.familyOfExtension[($0.source.relativePath as NSString).pathExtension.lowercased()] == "heif" }
        do {
            try Vips.start(concurrency: max(1, cores / options.jobs), codecModules: heif || settings.writesModuleFormats)
        } catch {
            throw BuildError(path: Native.libvipsFile ?? "libvips", "cannot start: \(error)")
        }
    }

    /// Fewer images than cores (one photo saved under watch): the spare
    /// cores decode and encode the same image side by side instead. Never
    /// more lanes than cores: libvips' sequential reads tolerate only so
    /// much disorder, and 3 lanes on 2 cores failed with "out of order read".
    private func imageBuilder(_ settings: ImageSettings, state: BuildState, images: Int) -> ImageBuilder {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return ImageBuilder(
            settings: settings, store: state.store, objects: ObjectStore(cacheFolder: options.cacheFolder), output: options.output,
            force: options.force, lanes: max(1, min(options.jobs, cores) / images))
    }

    /// Builds `stale` on `jobs` threads, largest files first (bytes stand in
    /// for decode cost): the last image started is a short one.
    private func build(
        _ stale: [ImageJob], with builder: ImageBuilder, photoSettings: [String: ImageSettings]
    ) -> [Result<ImageBuilder.Outcome, BuildError>] {
        let observe = self.observe
        return WorkerPool.map(stale, workers: options.jobs, cost: { $0.source.byteCount }) { job -> Result<ImageBuilder.Outcome, BuildError> in
            observe(.processing(job.source.relativePath))
            var builder = builder
            if let settings = photoSettings[job.source.relativePath] { builder.settings = settings }
            do throws(BuildError) {
                let outcome = try builder.build(job)
                if outcome.decoded {
                    observe(.built(outcome.image))
                    FaultInjection.point("image")
                } else {
                    observe(.upToDate(job.source.relativePath, warnings: outcome.image.warnings))
                }
                return .success(outcome)
            } catch {
                observe(.failed(error))
                return .failure(error)
            }
        }
    }

    /// Adds each image's outcome to the summary.
    private func count(_ outcomes: [Result<ImageBuilder.Outcome, BuildError>], of stale: [ImageJob], into state: inout BuildState) {
        for (job, outcome) in zip(stale, outcomes) {
            switch outcome {
            case .success(let outcome):
                state.summaries[job.source.relativePath] = outcome.summary
                state.summary.sourcesRead += outcome.readSource ? 1 : 0
                state.summary.encodedFiles += outcome.encodedFiles
                state.summary.warnings += outcome.image.warnings.map { "\(job.source.relativePath): \($0)" }
                guard outcome.decoded else {
                    state.summary.upToDate += 1
                    continue
                }
                state.summary.built += 1
                state.builtSources.insert(job.source.relativePath)
                state.summary.animations += outcome.image.animation == nil ? 0 : 1
                state.summary.bytesIn += job.source.byteCount
                state.summary.bytesOut += outcome.image.outputBytes
            case .failure(let error):
                state.summary.sourcesRead += 1
                state.summary.failed.append(error)
            }
        }
    }
}
