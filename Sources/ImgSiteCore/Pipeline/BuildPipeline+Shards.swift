import Foundation
import ImgSiteMedia
import ImgSitePlanning
import Synchronization

/// `--shard i/n` and `--merge`: a library built on several machines, on
/// engines people already run (a CI matrix, a Kubernetes Indexed Job). Each
/// shard builds its images as a normal build would — same files, same cache —
/// and writes `ShardManifest.fileName` instead of pages; the merge links the
/// shards' files into one folder and writes the pages, encoding nothing.
extension BuildPipeline {
    /// The jobs that fall to `shard`, keyed side by side (each key reads
    /// 32 KB of its file: I/O, not libvips, so not on the worker pool).
    func select(_ jobs: [ImageJob], shard: Shard) throws(BuildError) -> [ImageJob] {
        let keys = Mutex([UInt64](repeating: 0, count: jobs.count))
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            let key = Shard.key(of: jobs[index].source.absolutePath, relativePath: jobs[index].source.relativePath)
            keys.withLock { $0[index] = key }
        }
        return zip(jobs, keys.withLock { $0 }).filter { shard.owns(key: $0.1) }.map(\.0)
    }

    /// Writes the shard's manifest: the record and content hash of every
    /// image it built, and its failures.
    func saveShardManifest(_ built: Built, _ summary: inout BuildSummary) throws(BuildError) {
        guard case .shard(let shard) = options.mode else { return }
        let (planned, store) = (built.planned, built.scanned.store)
        let sources = planned.jobs.map(\.source.relativePath).filter { built.summaries[$0] != nil }
        let data: Data
        do {
            let records = try store.results(sources)
            let contents = try store.contents(sources)
            let manifest = ShardManifest(
                generator: "imgsite \(ImgSiteVersion.current)", shard: shard.index, count: shard.count,
                settings: planned.settings.site.key, budget: planned.budget?.plan,
                images: sources.compactMap { source in records[source].map { ShardManifest.Built(content: contents[source] ?? "", image: $0) } },
                failed: summary.failed.map { ShardManifest.Failure(path: $0.path, reason: $0.reason) }.sorted { $0.path < $1.path })
            data = try built.scanned.writer.sealed(manifest).encoded()
        } catch {
            throw BuildError(path: ShardManifest.fileName, "cannot be made from the build database: \(error)")
        }
        try built.scanned.writer.write([OutputFile(path: ShardManifest.fileName, data: data)])
    }

    /// Takes every image from the shard that built it: its files are linked
    /// (or copied) into the output and its record is entered in the journal,
    /// so the pages and manifest are those one machine would have made. A
    /// shard's failure is reported as this build's, naming the shard.
    func merge(_ planned: Planned) throws(BuildError) -> Built {
        guard case .merge(let folders) = options.mode else { return Built(planned: planned) }
        let settings = planned.settings.site
        let writer = planned.scanned.writer
        let shards = try ShardManifest.loadAll(folders, settings: settings.key, writer: writer)
        var built: [String: (entry: ShardManifest.Built, folder: URL, shard: String)] = [:]
        var failures: [String: String] = [:]
        for (folder, manifest) in shards {
            let name = "shard \(manifest.shard)/\(manifest.count)"
            for entry in manifest.images { built[entry.image.source] = (entry, folder, name) }
            for failure in manifest.failed { failures[failure.path] = "\(failure.reason) (on \(name))" }
        }
        // Each photo's files from the shard that built this very file, or why not.
        let taken = planned.jobs.map { job -> Result<(entry: ShardManifest.Built, folder: URL), BuildError> in
            let path = job.source.relativePath
            guard let (entry, folder, shard) = built[path] else {
                return .failure(BuildError(path: path, failures[path] ?? "is in no shard's manifest (added after the shards ran?); run the shards again"))
            }
            guard entry.image.sourceBytes == job.source.byteCount else {
                return .failure(BuildError(path: path, "is not the file \(shard) built (\(entry.image.sourceBytes) bytes there, \(job.source.byteCount) here); run the shards again"))
            }
            return .success((entry, folder))
        }
        try holdMergeToBudget(planned, images: taken.compactMap { try? $0.get().entry.image })
        observe(.started(total: planned.jobs.count, fresh: 0))
        _ = planned.scanned.recorded.journal.take()
        var merged = Built(planned: planned, outputsChanged: true)
        for (job, found) in zip(planned.jobs, taken) {
            let path = job.source.relativePath
            do throws(BuildError) {
                let (entry, folder) = try found.get()
                merged.summaries[path] = try place(
                    entry, from: folder, job: job, plan: job.journalPlan(settings), store: planned.scanned.store, writer: writer)
                merged.outcomes[path] = .upToDate(warnings: entry.image.warnings)
                // A damaged file the shard built anyway is reported here too.
                observe(.upToDate(path, warnings: entry.image.warnings))
            } catch {
                merged.outcomes[path] = .failed(error.stamped(.merge))
                observe(.failed(error))
            }
        }
        return merged
    }

    /// A private album's files are taken under their stored (sealed) names, the same on every shard.
    private func place(
        _ entry: ShardManifest.Built, from folder: URL, job: ImageJob, plan: String, store: BuildStore, writer: SiteWriter
    ) throws(BuildError) -> ImageSummary {
        let image = entry.image
        let files = image.variants.map { writer.stored($0.path) }
        do {
            for file in files {
                try LinkOrCopy.place(folder.appending(path: file), at: options.output.appending(path: file))
            }
        } catch {
            throw BuildError(path: image.source, "cannot be taken from \(folder.path): \(error.localizedDescription)")
        }
        do {
            let (json, summary) = try ImageSummary.encode(image)
            let journal = JournalEntry(identity: job.source.identity, plan: plan, content: entry.content, keys: [], summary: summary, files: files,
                                       warnings: image.warnings)
            try store.recordMerged(source: image.source, entry: journal, result: json)
            return summary
        } catch {
            throw BuildError(path: image.source, "cannot be recorded in the build database: \(error)")
        }
    }
}
