import Foundation
import ImgSiteMedia
import ImgSitePlanning
import Mustache
import Vips

/// One build: templates → scan → settings → plan → process → ceiling →
/// render → zips → prune → manifest → budgets, named steps each handing the
/// next what it made (`BuildStages`), with the output folder
/// locked for the whole build (`OutputLock`) and every finished image
/// recorded at once in the build database (`BuildStore`), so a build that
/// is stopped at any moment resumes where it stopped.
///
/// ```swift
/// let options = try BuildOptions.resolve(input: "photos", output: "_site", configFile: nil, jobs: nil, force: false)
/// let summary = try BuildPipeline(options: options).run()
/// ```
public struct BuildPipeline: Sendable {
    public let options: BuildOptions
    public let observe: @Sendable (BuildEvent) -> Void

    public init(options: BuildOptions, observe: @escaping @Sendable (BuildEvent) -> Void = { _ in }) {
        self.options = options
        self.observe = observe
    }

    /// Runs one named step: its name is shown in progress and stamped on
    /// the errors that leave it and on the images that failed in it; under
    /// `IMGSITE_TRACE=1` its wall time goes to standard error.
    func step<Output>(
        _ name: BuildError.Step, _ summary: inout BuildSummary,
        _ run: (BuildPipeline, inout BuildSummary) throws(BuildError) -> Output
    ) throws(BuildError) -> Output {
        observe(.step(name.rawValue))
        let start = ContinuousClock.now
        let failedBefore = summary.failed.count
        // An image's failure is told with the step it failed in, as it happens.
        let observe = self.observe
        let inStep = BuildPipeline(options: options) { event in
            if case .failed(let error) = event { observe(.failed(error.stamped(name))) } else { observe(event) }
        }
        let output = try stamping(name) { () throws(BuildError) in try run(inStep, &summary) }
        for index in summary.failed.indices.dropFirst(failedBefore) {
            summary.failed[index] = summary.failed[index].stamped(name)
        }
        Trace.say("\(name.rawValue) \(ContinuousClock.now - start)")
        return output
    }

    /// The steps of `options.mode`, each handing the next what it made.
    private func steps(_ writer: SiteWriter, previousBuildFinished: Bool, _ summary: inout BuildSummary) throws(BuildError) {
        // A broken template stops the build before any image is processed;
        // and read first, it is read while libvips still loads (`Vips.prepare`).
        var theme: Theme?
        if options.mode.writesPages { theme = try step(.templates, &summary) { (p, s) throws(BuildError) in try p.loadTemplates(&s) } }
        let scanned = try step(.scan, &summary) { (p, s) throws(BuildError) in try p.scan(writer, previousBuildFinished: previousBuildFinished, &s) }
        let choice = try step(.settings, &summary) { (p, s) throws(BuildError) in try p.planImageSettings(scanned, &s) }
        let planned = try step(.plan, &summary) { (p, s) throws(BuildError) in try p.plan(scanned, choice, &s) }
        var built: Built
        switch options.mode {
        case .site:
            built = try step(.process, &summary) { (p, _) throws(BuildError) in try p.process(planned) }
            // Counted once the ceiling's passes are done: each image as its last pass left it.
            let first = built
            built = try step(.ceiling, &summary) { (p, s) throws(BuildError) in try p.holdToBudget(first, &s) }
        case .merge:
            built = try step(.merge, &summary) { (p, _) throws(BuildError) in try p.merge(planned) }
        case .shard:
            built = try step(.process, &summary) { (p, _) throws(BuildError) in try p.process(planned) }
        }
        summary.count(built)
        if summary.hdrPublishedSDR > 0, options.config.hdrPolicy.anyKept, let why = HDREngine.unavailable {
            note(&summary, "\(Counted.text(summary.hdrPublishedSDR, "HDR photo")) published SDR: \(why)")
        }
        let images = built
        guard let theme else {
            try step(.prune, &summary) { (p, s) throws(BuildError) in try p.prune(images, pages: [], &s) }
            try step(.shardManifest, &summary) { (p, s) throws(BuildError) in try p.saveShardManifest(images, &s) }
            return
        }
        let pages = try step(.render, &summary) { (p, s) throws(BuildError) in try p.render(images, theme: theme, &s) }
        let rendered = try step(.zips, &summary) { (p, _) throws(BuildError) in try p.writeZips(pages) }
        try step(.prune, &summary) { (p, s) throws(BuildError) in try p.prune(rendered.built, pages: rendered.pages, &s) }
        try step(.manifest, &summary) { (p, _) throws(BuildError) in try p.saveManifest(rendered) }
        // Last: the whole site is measured as it will be published.
        try step(.budgets, &summary) { (p, s) throws(BuildError) in try p.checkBudgets(rendered, &s) }
    }

    /// Runs every step. Throws only for what stops the whole build (another
    /// build holds the folder, an unreadable folder, a broken template); a
    /// bad image is a failure counted in the summary while everything else
    /// builds.
    ///
    /// `holding`: the output folder's lock, when the caller already holds it
    /// for longer than one build (`imgsite watch`); otherwise the build
    /// takes it and lets it go.
    public func run(holding held: OutputLock? = nil) throws(BuildError) -> BuildSummary {
        let makesOutput = held == nil && !FileManager.default.fileExists(atPath: options.output.path)
        do {
            return try runLocked(holding: held)
        } catch {
            // A build stopped before it wrote anything (a refused budget, a
            // broken template) leaves no empty folder of its making behind.
            if makesOutput, (try? FileManager.default.contentsOfDirectory(atPath: options.output.path))?.isEmpty == true {
                try? FileManager.default.removeItem(at: options.output)
            }
            throw error
        }
    }

    private func runLocked(holding held: OutputLock?) throws(BuildError) -> BuildSummary {
        // libvips' set-up overlaps the lock, the build database and the scan.
        Vips.prepare()
        defer { Vips.finishPreparing() }
        let lock: OutputLock
        if let held {
            lock = held
        } else {
            lock = try OutputLock.acquire(options.output, waiting: options.waitForLock) { observe(.waiting(holder: $0)) }
        }
        defer { if held == nil { lock.release() } }
        let start = ContinuousClock.now
        let headersBefore = SourceHeader.reads.load(ordering: .relaxed)
        var summary = BuildSummary()
        let (writer, previousBuildFinished) = try stamping(.start) { () throws(BuildError) in try begin() }
        try steps(writer, previousBuildFinished: previousBuildFinished, &summary)
        let store = writer.store
        try stamping(.finish) { () throws(BuildError) in
            try buildDatabase(.written, at: options.cacheFolder.path) { try store.setClean(true) }
        }
        let pruning = ContinuousClock.now
        do {
            if let pruned = try CachePruner(store: store, objects: ObjectStore(cacheFolder: options.cacheFolder)).pruneIfDue(),
                pruned.removedObjects > 0
            {
                observe(.step("cache: removed \(pruned.removedObjects) unused files"))
            }
        } catch {
            warnAboutSite(&summary, path: options.cacheFolder.path, "the cache cannot be pruned: \(error)")
        }
        Trace.say("cache prune \(ContinuousClock.now - pruning)")
        Trace.say("headers read \(SourceHeader.reads.load(ordering: .relaxed) - headersBefore)")
        let elapsed = ContinuousClock.now - start
        summary.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return summary
    }

    /// Opens the build database and marks the folder as being built; whether
    /// the last build here ran to its end is read first.
    private func begin() throws(BuildError) -> (SiteWriter, previousBuildFinished: Bool) {
        let store = try BuildStore(folder: options.cacheFolder, root: options.output)
        let clean = try buildDatabase(.written, at: options.cacheFolder.path) {
            let clean = try store.isClean()
            try store.setClean(false)
            return clean
        }
        return (SiteWriter(root: options.output, store: store), clean)
    }
}

extension BuildPipeline {
    /// Under `IMGSITE_TRACE=1` (`Trace`), the wall time of a part of a step since `start`, then restarts it.
    static func trace(_ part: String, since start: inout ContinuousClock.Instant) {
        guard Trace.enabled else { return }
        Trace.say("\(part) \(ContinuousClock.now - start)")
        start = .now
    }
}
