import Foundation
import Vips

extension BuildPipeline {
    /// Walks the input; the output, cache and template folders are not albums.
    func scan(_ state: inout BuildState) throws(BuildError) {
        let scanner = Scanner(input: options.input, excluded: [options.output, options.cacheFolder, options.templatesFolder])
        do {
            let album = try scanner.scan(title: options.config.title)
            state.root = PlannedAlbum.plan(album, outputPath: "")
        } catch {
            throw BuildError(.scan, path: options.input.path, "cannot be read: \(error.localizedDescription)")
        }
    }

    /// Reads what was finished here before (unless `--force`), and removes
    /// temporary files a killed build left.
    func plan(_ state: inout BuildState) throws(BuildError) {
        do {
            state.writtenBefore = try state.store.writtenFiles()
            if !options.force { state.journal = try state.store.journal() }
        } catch {
            throw BuildError(.config, path: options.cacheFolder.path, "build database cannot be read: \(error)")
        }
        OutputFolder(root: options.output).removeStrayTemporaries()
    }

    /// Makes every image's outputs on `jobs` threads (`ImageBuilder`): from
    /// the journal, from the cache, or encoded. Each finished image is
    /// recorded at once, in its own transaction.
    func process(_ state: inout BuildState) throws(BuildError) {
        let jobs = state.root?.allJobs ?? []
        let settings = ImageSettings(config: options.config, layout: options.layout)
        let journal = state.journal
        let fresh = options.force ? 0 : jobs.count { $0.cachedResult(journal[$0.source.relativePath], plan: settings.key, outputRoot: options.output.path) != nil }
        state.journalSources = Set(journal.keys)
        state.journal = [:]  // what is reused lives on in `results`
        observe(.started(total: jobs.count, fresh: fresh))
        let cores = ProcessInfo.processInfo.activeProcessorCount
        do {
            // jobs × libvips threads ≤ cores: parallel images beat parallel tiles.
            try Vips.start(concurrency: max(1, cores / options.jobs))
        } catch {
            throw BuildError(.decode, path: "libvips", "cannot start: \(error)")
        }
        let builder = ImageBuilder(
            settings: settings, store: state.store, objects: ObjectStore(cacheFolder: options.cacheFolder), output: options.output,
            force: options.force)
        let observe = self.observe
        let outcomes = WorkerPool.map(jobs, workers: options.jobs) { job -> Result<ImageBuilder.Outcome, BuildError> in
            observe(.processing(job.source.relativePath))
            do throws(BuildError) {
                let outcome = try builder.build(job, journal: journal[job.source.relativePath])
                if outcome.decoded {
                    observe(.built(outcome.image))
                    FaultInjection.point("image")
                } else {
                    observe(.upToDate(outcome.image))
                }
                return .success(outcome)
            } catch {
                observe(.failed(error))
                return .failure(error)
            }
        }
        for (job, outcome) in zip(jobs, outcomes) {
            switch outcome {
            case .success(let outcome):
                let image = outcome.image
                state.results[image.source] = image
                state.summary.sourcesRead += outcome.readSource ? 1 : 0
                state.summary.encodedFiles += outcome.encodedFiles
                guard outcome.decoded else {
                    state.summary.upToDate += 1
                    continue
                }
                state.summary.built += 1
                state.summary.bytesIn += job.source.byteCount
                state.summary.bytesOut += image.outputBytes
                state.summary.warnings += image.warnings.map { "\(image.source): \($0)" }
            case .failure(let error):
                state.summary.sourcesRead += 1
                state.summary.failed.append(error)
            }
        }
    }

    /// Renders the pages and writes each as soon as it is made (a few at a
    /// time, recorded together), atomically. A page whose bytes are
    /// unchanged is not touched, so file watchers and rsync see only real
    /// changes.
    func render(_ state: inout BuildState) throws(BuildError) {
        guard let root = state.root else { return }
        let library = try DefaultTheme.library(overrides: options.templatesFolder)
        let renderer = SiteRenderer(library: library, layout: options.layout, siteTitle: options.config.title)
        var pending: [OutputFile] = []
        var (paths, written) = ([String](), 0)
        let writer = state.writer
        func flush() throws(BuildError) {
            try writer.write(pending) {
                written += 1
                FaultInjection.point("page")
            }
            pending.removeAll(keepingCapacity: true)
        }
        try renderer.render(root, results: state.results) { (file) throws(BuildError) in
            paths.append(file.path)
            let data = Data(file.contents.utf8)
            if (try? Data(contentsOf: options.output.appendingPathComponent(file.path))) != data {
                pending.append(OutputFile(path: file.path, data: data))
                if pending.count == 64 { try flush() }
            }
        }
        try flush()
        state.pages = paths
        state.summary.pagesWritten = written
    }

    /// Removes what earlier builds wrote and this one did not (deleted or
    /// renamed photos, old content hashes). What was written is known from the
    /// build database and the previous manifest; when both are lost, from
    /// imgsite's own file names. Files imgsite never wrote stay.
    func prune(_ state: inout BuildState) throws(BuildError) {
        let current = Set(state.pages + state.results.values.flatMap { $0.variants.map(\.path) } + [Manifest.fileName])
        let folder = OutputFolder(root: options.output)
        do {
            let recorded = try state.store.writtenFiles()
            let listed = Manifest.listedFiles(in: options.output)
            var known = recorded.union(listed ?? [])
            if state.writtenBefore.isEmpty && listed == nil
                && FileManager.default.fileExists(atPath: options.output.appendingPathComponent(Manifest.fileName).path)
            {
                state.summary.warnings.append(
                    "\(Manifest.fileName): unreadable, and the build database has no record of this folder; "
                        + "removed the files named like imgsite's that this build did not write")
                known.formUnion(folder.filesNamedLikeOurs())
            }
            let stale = known.subtracting(current)
            state.summary.removed = folder.remove(stale)
            try state.store.recordRemoved(stale)
            try state.store.recordWriting(current.subtracting(recorded))
            let scanned = Set((state.root?.allJobs ?? []).map(\.source.relativePath))
            try state.store.forget(sources: state.journalSources.filter { !scanned.contains($0) })
        } catch let error as BuildError {
            throw error
        } catch {
            throw BuildError(.prune, path: options.cacheFolder.path, "build database cannot be updated: \(error)")
        }
    }

    func saveManifest(_ state: inout BuildState) throws(BuildError) {
        let sources = state.results.keys.sorted(by: NaturalOrder.less)
        let results = state.results
        let pages = state.pages
        _ = try state.writer.stream(Manifest.fileName) { handle in
            try Manifest.write(
                generator: "imgsite \(ImgSiteVersion.current)", images: sources.lazy.map { results[$0]! }, pages: pages, to: handle)
        }
    }
}
