import Foundation
import Vips

extension BuildPipeline {
    /// Walks the input; the output and template folders are not albums.
    func scan(_ state: inout BuildState) throws(BuildError) {
        let scanner = Scanner(input: options.input, excluded: [options.output, options.templatesFolder])
        do {
            let album = try scanner.scan(title: options.config.title)
            state.root = PlannedAlbum.plan(album, outputPath: "")
        } catch {
            throw BuildError(.scan, path: options.input.path, "cannot be read: \(error.localizedDescription)")
        }
    }

    /// Loads the previous manifest (the cache) unless `--force`.
    func plan(_ state: inout BuildState) {
        let manifest = Manifest.load(from: options.output)
        state.previousFiles = manifest?.allFiles ?? []
        if !options.force, let manifest {
            state.previous = Dictionary(manifest.images.map { ($0.source, $0) }, uniquingKeysWith: { a, _ in a })
        }
        OutputFolder(root: options.output).removeStrayTemporaries()
    }

    /// Processes stale images on `jobs` threads; fresh ones come from the cache.
    func process(_ state: inout BuildState) throws(BuildError) {
        let jobs = state.root?.allJobs ?? []
        let settings = ImageSettings(config: options.config, layout: options.layout)
        let key = settings.key
        let outputRoot = options.output.path
        let cached = jobs.map { $0.cachedResult(in: state.previous, settingsKey: key, outputRoot: outputRoot) }
        observe(.started(total: jobs.count, fresh: cached.count { $0 != nil }))
        let cores = ProcessInfo.processInfo.activeProcessorCount
        do {
            // jobs × libvips threads ≤ cores: parallel images beat parallel tiles.
            try Vips.start(concurrency: max(1, cores / options.jobs))
        } catch {
            throw BuildError(.decode, path: "libvips", "cannot start: \(error)")
        }
        let processor = ImageProcessor(settings: settings, outputRoot: options.output)
        let observe = self.observe
        let outcomes = WorkerPool.map(Array(zip(jobs, cached)), workers: options.jobs) { job, cached -> Result<ProcessedImage, BuildError> in
            if let cached {
                observe(.upToDate(cached))
                return .success(cached)
            }
            observe(.processing(job.source.relativePath))
            let outcome = processor.result(job)
            switch outcome {
            case .success(let image): observe(.built(image))
            case .failure(let error): observe(.failed(error))
            }
            return outcome
        }
        for ((job, cached), outcome) in zip(zip(jobs, cached), outcomes) {
            switch outcome {
            case .success(let image):
                state.results[image.source] = image
                if cached != nil {
                    state.summary.upToDate += 1
                } else {
                    state.summary.built += 1
                    state.summary.bytesIn += job.source.byteCount
                    state.summary.bytesOut += image.outputBytes
                    state.summary.warnings += image.warnings.map { "\(image.source): \($0)" }
                }
            case .failure(let error):
                state.summary.failed.append(error)
            }
        }
    }

    func render(_ state: inout BuildState) throws(BuildError) {
        guard let root = state.root else { return }
        let library = try DefaultTheme.library(overrides: options.templatesFolder)
        let renderer = SiteRenderer(library: library, layout: options.layout, siteTitle: options.config.title)
        state.files = try renderer.render(root, results: state.results)
    }

    /// Writes pages atomically; a page whose bytes are unchanged is not
    /// touched, so file watchers and rsync see only real changes.
    func write(_ state: inout BuildState) throws(BuildError) {
        for file in state.files {
            let url = options.output.appendingPathComponent(file.path)
            let data = Data(file.contents.utf8)
            if (try? Data(contentsOf: url)) == data { continue }
            do {
                try AtomicWriter.write(data, to: url)
                state.summary.pagesWritten += 1
            } catch {
                throw BuildError(.write, path: file.path, "cannot be written: \(error.localizedDescription)")
            }
        }
    }

    /// Removes what the previous build wrote and this one did not (deleted
    /// or renamed photos, old content hashes). Files imgsite never wrote stay.
    func prune(_ state: inout BuildState) {
        let current = Set(state.files.map(\.path) + state.results.values.flatMap { $0.variants.map(\.path) })
        state.summary.removed = OutputFolder(root: options.output).remove(state.previousFiles.subtracting(current))
    }

    func saveManifest(_ state: inout BuildState) throws(BuildError) {
        let images = state.results.values.sorted { NaturalOrder.less($0.source, $1.source) }
        let manifest = Manifest(generator: "imgsite \(ImgSiteVersion.current)", images: images, pages: state.files.map(\.path))
        do {
            try AtomicWriter.write(try manifest.encoded(), to: options.output.appendingPathComponent(Manifest.fileName))
        } catch {
            throw BuildError(.manifest, path: Manifest.fileName, "cannot be written: \(error.localizedDescription)")
        }
    }
}
