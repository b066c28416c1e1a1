import Foundation
import ImgSiteMedia
import ImgSitePlanning
import Vips

extension BuildPipeline {
    /// Serves every image the journal vouches for, then builds the others on
    /// `jobs` threads (`ImageBuilder`: from the cache, or encoded). Each
    /// finished image is recorded at once, in its own transaction.
    func process(_ planned: Planned) throws(BuildError) -> Built {
        var built = Built(planned: planned)
        let stale = serveFresh(&built)
        guard !stale.isEmpty else {
            planned.headers.release()
            return built
        }
        // A photo tightened past the site's settings makes no other formats.
        try startLibvips(for: stale, settings: planned.settings.site)
        observe(.work(WorkEstimate.of(stale, headers: planned.headers, settings: planned.settings.site)))
        built.record(make(stale, settings: planned.settings, headers: planned.headers, writer: planned.scanned.writer, pass: .first),
                     of: stale, step: .process)
        planned.headers.release()
        return built
    }

    /// Takes every image the journal vouches for as it stands, says so, and
    /// returns the others.
    private func serveFresh(_ built: inout Built) -> [ImageJob] {
        let (jobs, settings) = (built.planned.jobs, built.planned.settings)
        let journal = built.scanned.recorded.journal.take()
        var listing = OutputListing(root: options.output)
        var stale: [ImageJob] = []
        for job in jobs {
            let source = job.source.relativePath
            if let summary = job.fresh(journal[source], settings: settings(source), listing: &listing) {
                built.summaries[source] = summary
                built.outcomes[source] = .upToDate(warnings: journal[source]!.warnings)
            } else {
                stale.append(job)
            }
        }
        observe(.started(total: jobs.count, fresh: jobs.count - stale.count))
        for job in jobs {
            if case .upToDate(let warnings) = built.outcomes[job.source.relativePath] { observe(.upToDate(job.source.relativePath, warnings: warnings)) }
        }
        built.outputsChanged = !stale.isEmpty
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

    /// A pass of `make`: the first tells each image as built or up to date;
    /// a budget's later pass, whose images were told already, as encoded again.
    enum Pass { case first, again }

    /// Makes `stale` on `jobs` threads, each with its own settings, largest
    /// files first (bytes stand in for decode cost): the last image started
    /// is a short one. Fewer images than cores (one photo saved under
    /// watch): the spare cores decode and encode the same image side by
    /// side instead; never more lanes than cores: libvips' sequential reads
    /// tolerate only so much disorder (3 lanes on 2 cores failed with "out of
    /// order read").
    func make(
        _ stale: [ImageJob], settings: SettingsPlan, headers: KnownHeaders = KnownHeaders(), writer: SiteWriter, pass: Pass
    ) -> [Result<ImageBuilder.Outcome, BuildError>] {
        let store = writer.store
        let (observe, options) = (self.observe, self.options)
        let objects = ObjectStore(cacheFolder: options.cacheFolder)
        let lanes = max(1, min(options.jobs, ProcessInfo.processInfo.activeProcessorCount) / stale.count)
        return WorkerPool.map(stale, workers: options.jobs, cost: { $0.source.byteCount }) { job -> Result<ImageBuilder.Outcome, BuildError> in
            let source = job.source.relativePath
            observe(.processing(source))
            var builder = ImageBuilder(
                settings: settings(source), store: store, objects: objects, writer: writer, force: options.force,
                lanes: lanes)
            builder.progress = { percent in observe(.encoding(source, percent: percent)) }
            do throws(BuildError) {
                let outcome = try builder.build(job, header: headers.take(source))
                switch pass {
                case .first where outcome.decoded:
                    observe(.built(outcome.image))
                    FaultInjection.point("image")
                case .first: observe(.upToDate(source, warnings: outcome.image.warnings))
                case .again: observe(.encodedAgain(source))
                }
                return .success(outcome)
            } catch {
                observe(.failed(error))
                return .failure(error)
            }
        }
    }
}

extension Built {
    /// Takes each image's outcome of a pass of `make`. A later pass keeps
    /// how the first told the image (built or up to date) with its new files.
    mutating func record(_ results: [Result<ImageBuilder.Outcome, BuildError>], of jobs: [ImageJob], step: BuildError.Step) {
        for (job, result) in zip(jobs, results) {
            let source = job.source.relativePath
            switch result {
            case .success(let outcome):
                var made = ImageOutcome.Made(
                    decoded: outcome.decoded, warnings: outcome.image.warnings, isAnimation: outcome.image.animation != nil,
                    isHDR: outcome.image.dynamicRange != nil, publishedHDR: !outcome.image.hdrStills.isEmpty, outputBytes: outcome.image.outputBytes, header: planned.budget == nil ? nil : outcome.header)
                if case .made(let first) = outcomes[source] { made.decoded = first.decoded }
                if case .upToDate = outcomes[source] { made.decoded = false }
                summaries[source] = outcome.summary
                sourcesRead += outcome.readSource ? 1 : 0
                encodedFiles += outcome.encodedFiles
                outcomes[source] = .made(made)
            case .failure(let error):
                summaries[source] = nil
                sourcesRead += 1
                outcomes[source] = .failed(error.stamped(step))
            }
        }
    }
}
