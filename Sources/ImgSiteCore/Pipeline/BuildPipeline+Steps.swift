import Foundation
import Vips

extension BuildPipeline {
    /// Reads the templates: the built-in theme with the site's own over it.
    func loadTemplates(_ state: inout BuildState) throws(BuildError) {
        let (library, digest, warnings) = try DefaultTheme.load(overrides: options.templatesFolder)
        state.theme = (library, digest)
        for warning in warnings {
            observe(.warning(path: warning.path, reason: warning.reason))
            state.summary.warnings.append("\(warning.path): \(warning.reason)")
        }
    }

    /// Walks the input (the output, cache and template folders are not
    /// albums) while the build database is read on another thread: what was
    /// finished here before (unless `--force`), the files written and the
    /// page digests.
    func scan(_ state: inout BuildState) throws(BuildError) {
        let (store, force) = (state.store, options.force)
        let recorded = Background { () throws -> ([String: JournalEntry], Bool, [String: String]) in
            (force ? [:] : try store.journal(), try store.hasWrittenFiles(), try store.pageDigests())
        }
        let scanner = Scanner(input: options.input, excluded: [options.output, options.cacheFolder, options.templatesFolder])
        do {
            let album = try scanner.scan(title: options.config.title)
            state.root = PlannedAlbum.plan(album, outputPath: "")
        } catch {
            throw BuildError(.scan, path: options.input.path, "cannot be read: \(error.localizedDescription)")
        }
        do {
            (state.journal, state.wroteHereBefore, state.storedDigests) = try recorded.value()
        } catch {
            throw BuildError(.config, path: options.cacheFolder.path, "build database cannot be read: \(error)")
        }
    }

    /// Decides the images to make (a shard's, under `--shard`) and removes
    /// temporary files a killed build left (only a build that did not run
    /// to its end can have left any, so a finished one saves the walk).
    func plan(_ state: inout BuildState) throws(BuildError) {
        state.jobs = state.root?.allJobs ?? []
        warnAboutUnknownAlbums(&state)
        if case .shard(let shard) = options.mode { state.jobs = try select(state.jobs, shard: shard) }
        if !state.previousBuildFinished { OutputFolder(root: options.output).removeStrayTemporaries() }
    }

    /// An `albums:` entry that names no album folder is most likely a typo:
    /// its settings would silently apply to nothing.
    private func warnAboutUnknownAlbums(_ state: inout BuildState) {
        guard !options.config.albums.isEmpty else { return }
        let folders = Set(state.jobs.map { ($0.source.relativePath as NSString).deletingLastPathComponent })
        let albums = folders.reduce(into: Set<String>()) { all, folder in
            var path = Substring(folder)
            while !path.isEmpty {
                all.insert(String(path))
                path = path.lastIndex(of: "/").map { path[..<$0] } ?? ""
            }
        }
        let file = options.configFile?.lastPathComponent ?? "imgsite.yml"
        for name in options.config.albums.keys.sorted() where !albums.contains(name) {
            let reason = "albums.\(name) names no album with photos in the input; its settings apply to nothing"
            observe(.warning(path: file, reason: reason))
            state.summary.warnings.append("\(file): \(reason)")
        }
    }

    /// Serves every image the journal vouches for, then builds the others on
    /// `jobs` threads (`ImageBuilder`: from the cache, or encoded). Each
    /// finished image is recorded at once, in its own transaction.
    func process(_ state: inout BuildState) throws(BuildError) {
        let jobs = state.jobs
        let settings = ImageSettings(config: options.config, layout: options.layout)
        var listing = OutputListing(root: options.output)
        var stale: [ImageJob] = []
        for job in jobs {
            let source = job.source.relativePath
            if let summary = job.fresh(state.journal[source], plan: settings.key, listing: &listing) {
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
        guard !stale.isEmpty else { return }

        let cores = ProcessInfo.processInfo.activeProcessorCount
        do {
            // jobs × libvips threads ≤ cores: parallel images beat parallel tiles.
            // HEIF and JPEG XL (libvips modules, 11 ms) only when read or written.
            let heif = stale.contains { LoaderMessage.familyOfExtension[($0.source.relativePath as NSString).pathExtension.lowercased()] == "heif" }
            try Vips.start(concurrency: max(1, cores / options.jobs), codecModules: heif || settings.writesModuleFormats)
        } catch {
            throw BuildError(.decode, path: "libvips", "cannot start: \(error)")
        }
        // Fewer images than cores (one photo saved under watch): the spare
        // cores decode and encode the same image side by side instead. Never
        // more lanes than cores: libvips' sequential reads tolerate only so
        // much disorder, and 3 lanes on 2 cores failed with "out of order read".
        let builder = ImageBuilder(
            settings: settings, store: state.store, objects: ObjectStore(cacheFolder: options.cacheFolder), output: options.output,
            force: options.force, lanes: max(1, min(options.jobs, cores) / stale.count))
        let observe = self.observe
        // Largest files first (bytes stand in for decode cost): the last image started is a short one.
        let outcomes = WorkerPool.map(stale, workers: options.jobs, cost: { $0.source.byteCount }) { job -> Result<ImageBuilder.Outcome, BuildError> in
            observe(.processing(job.source.relativePath))
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
                state.summary.animations += outcome.image.animation == nil ? 0 : 1
                state.summary.bytesIn += job.source.byteCount
                state.summary.bytesOut += outcome.image.outputBytes
            case .failure(let error):
                state.summary.sourcesRead += 1
                state.summary.failed.append(error)
            }
        }
    }

    /// Plans every page from the summaries; renders and writes (atomically,
    /// a few at a time, recorded together) only those whose inputs changed
    /// or whose file is missing. Full image records are read from the build
    /// database for those pages only, so memory is the size of a page, not
    /// of the site. A page whose bytes are unchanged is not touched.
    func render(_ state: inout BuildState) throws(BuildError) {
        guard let root = state.root, let theme = state.theme else { return }
        var renderer = SiteRenderer(library: theme.library, layout: options.layout, siteTitle: options.config.title)
        renderer.baseURL = options.config.baseURL
        renderer.showsDetails = options.config.photoDetails
        // Hashed once: every page's digest starts from it.
        let site = SourceHash.of(
            text: "\(ImgSiteVersion.current)|\(theme.digest)|\(options.config.title)|\(options.layout)|\(renderer.pageSize)"
                + "|\(options.config.baseURL ?? "-")|\(options.config.photoDetails)")
        let stored = state.storedDigests
        var listing = OutputListing(root: options.output)
        var pending: [(spec: PageSpec, digest: String)] = []
        var (paths, written, rendered) = ([String](), 0, 0)
        let (writer, store, output) = (state.writer, state.store, options.output)
        func flush() throws(BuildError) {
            guard !pending.isEmpty else { return }
            let results: [String: ProcessedImage]
            do {
                results = try store.results(Array(Set(pending.flatMap(\.spec.sources))))
            } catch {
                throw BuildError(.render, path: options.cacheFolder.path, "build database cannot be read: \(error)")
            }
            rendered += pending.count
            // On every core: pages are the last work of a build.
            let renderer = renderer
            let made = WorkerPool.map(pending, workers: options.jobs) { page -> Result<OutputFile?, BuildError> in
                Result { () throws(BuildError) -> OutputFile? in
                    let data = Data(try renderer.render(page.spec, results: results).utf8)
                    let unchanged = (try? Data(contentsOf: output.appending(path: page.spec.path))) == data
                    return unchanged ? nil : OutputFile(path: page.spec.path, data: data)
                }
            }
            var files: [OutputFile] = []
            for page in made {
                if let file = try page.get() { files.append(file) }
            }
            try writer.write(files, workers: options.jobs) { FaultInjection.point("page") }
            written += files.count
            do {
                try store.recordPages(pending.map { ($0.spec.path, $0.digest) })
            } catch {
                throw BuildError(.render, path: options.cacheFolder.path, "build database cannot be written: \(error)")
            }
            pending.removeAll(keepingCapacity: true)
        }
        let firstView = options.config.budgets.firstView == nil ? nil : FirstView(layout: options.layout, viewport: options.config.budgets.viewport)
        var firstViews: [BuildState.FirstViewPage] = []
        try renderer.pages.forEach(BuiltAlbum(root, summaries: state.summaries)) { (spec) throws(BuildError) in
            paths.append(spec.path)
            if let firstView, case .album(let page) = spec { firstViews.append(.init(page: page.path, isRoot: page.isRoot, sources: firstView.candidates(of: page))) }
            let digest = spec.digest(site: site)
            if stored[spec.path] == digest, listing.contains(spec.path) { return }
            pending.append((spec, digest))
            if pending.count == 64 { try flush() }
        }
        try flush()
        state.pages = paths
        state.firstViews = firstViews
        state.summary.pagesWritten = written
        state.summary.pagesRendered = rendered
        let pageSet = Set(paths)
        if written > 0 || pageSet != Set(stored.keys).subtracting([Manifest.fileName]) { state.outputsChanged = true }
    }

    /// Removes what earlier builds wrote and this one did not (deleted or
    /// renamed photos, old content hashes). What was written is known from the
    /// build database and the previous manifest; when both are lost, from
    /// imgsite's own file names. Files imgsite never wrote stay. When nothing
    /// changed since a build that ran to its end, there is nothing to remove.
    func prune(_ state: inout BuildState) throws(BuildError) {
        let scanned = Set((state.root?.allJobs ?? []).map(\.source.relativePath))
        let gone = state.journalSources.filter { !scanned.contains($0) || state.summaries[$0] == nil }
        if !gone.isEmpty || !state.summary.failed.isEmpty { state.outputsChanged = true }
        guard state.outputsChanged || !state.previousBuildFinished else { return }
        let folder = OutputFolder(root: options.output)
        do {
            try state.store.forget(sources: Array(gone))
            let manifest = if case .shard = options.mode { ShardManifest.fileName } else { Manifest.fileName }
            let current = Set(state.pages).union(try state.store.variantFiles(of: Set(state.summaries.keys))).union([manifest])
            let recorded = try state.store.writtenFiles()
            var known = recorded
            if !state.wroteHereBefore {
                let listed = Manifest.listedFiles(in: options.output)
                known.formUnion(listed ?? [])
                if listed == nil, FileManager.default.fileExists(atPath: options.output.appending(path: Manifest.fileName).path) {
                    state.summary.warnings.append(
                        "\(Manifest.fileName): unreadable, and the build database has no record of this folder; "
                            + "removed the files named like imgsite's that this build did not write")
                    known.formUnion(folder.filesNamedLikeOurs())
                }
            }
            let stale = known.subtracting(current)
            state.summary.removed = folder.remove(stale)
            try state.store.recordRemoved(stale)
            try state.store.recordWriting(current.subtracting(recorded))
        } catch let error as BuildError {
            throw error
        } catch {
            throw BuildError(.prune, path: options.cacheFolder.path, "build database cannot be updated: \(error)")
        }
    }

    /// Streams `manifest.json` from the build database, one image per line
    /// in site order (albums as planned, photos in natural name order);
    /// skipped when its inputs (every image's digest, the page list) are
    /// unchanged and the file is there.
    func saveManifest(_ state: inout BuildState) throws(BuildError) {
        let summaries = state.summaries
        let sources = (state.root?.allJobs ?? []).map(\.source.relativePath).filter { summaries[$0] != nil }
        let inputs = [ImgSiteVersion.current] + sources.lazy.flatMap { [$0, summaries[$0]!.digest] } + state.pages
        let digest = SourceHash.of(texts: inputs)
        let path = options.output.appending(path: Manifest.fileName).path
        if state.storedDigests[Manifest.fileName] == digest, FileManager.default.fileExists(atPath: path) { return }
        let (store, pages) = (state.store, state.pages)
        _ = try state.writer.stream(Manifest.fileName) { handle in
            try Manifest.write(generator: "imgsite \(ImgSiteVersion.current)", pages: pages, to: handle) { line in
                try store.resultJSON(sources, each: line)
            }
        }
        do {
            try store.recordPages([(Manifest.fileName, digest)])
        } catch {
            throw BuildError(.manifest, path: options.cacheFolder.path, "build database cannot be written: \(error)")
        }
    }
}
