import Foundation
import Mustache
import Vips

/// One build: templates → scan → settings → plan → process → render →
/// prune → manifest → budgets,
/// a list of named steps over one `BuildState`, with the output folder
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

    /// A named step; its name is shown in progress and stamped on the
    /// errors that leave it, and on the images that failed in it.
    struct Step {
        let name: BuildError.Step
        let run: (BuildPipeline) -> (inout BuildState) throws(BuildError) -> Void
    }

    var steps: [Step] {
        let start = [
            Step(name: .scan, run: BuildPipeline.scan), Step(name: .settings, run: BuildPipeline.planImageSettings),
            Step(name: .plan, run: BuildPipeline.plan),
        ]
        // A broken template stops the build before any image is processed;
        // and read first, it is read while libvips still loads (`Vips.prepare`).
        let templates = [Step(name: .templates, run: BuildPipeline.loadTemplates)]
        let site = [
            Step(name: .render, run: BuildPipeline.render),
            Step(name: .zips, run: BuildPipeline.writeZips),
            Step(name: .prune, run: BuildPipeline.prune),
            Step(name: .manifest, run: BuildPipeline.saveManifest),
            // Last: the whole site is measured as it will be published.
            Step(name: .budgets, run: BuildPipeline.checkBudgets),
        ]
        switch options.mode {
        case .site:
            return templates + start + [Step(name: .process, run: BuildPipeline.process), Step(name: .ceiling, run: BuildPipeline.holdToBudget)]
                + site
        case .merge: return templates + start + [Step(name: .merge, run: BuildPipeline.merge)] + site
        case .shard:
            return start + [Step(name: .process, run: BuildPipeline.process), Step(name: .prune, run: BuildPipeline.prune),
                            Step(name: .shardManifest, run: BuildPipeline.saveShardManifest)]
        }
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
        var state = try stamping(.start) { () throws(BuildError) in try begin() }
        for step in steps {
            observe(.step(step.name.rawValue))
            let start = ContinuousClock.now
            let failedBefore = state.summary.failed.count
            // An image's failure is told with the step it failed in, as it happens.
            let (observe, name) = (self.observe, step.name)
            let inStep = BuildPipeline(options: options) { event in
                if case .failed(let error) = event { observe(.failed(error.stamped(name))) } else { observe(event) }
            }
            try stamping(step.name) { () throws(BuildError) in try step.run(inStep)(&state) }
            for index in state.summary.failed.indices.dropFirst(failedBefore) {
                state.summary.failed[index] = state.summary.failed[index].stamped(step.name)
            }
            if Self.tracing { FileHandle.standardError.write(Data("imgsite: \(step.name.rawValue) \(ContinuousClock.now - start)\n".utf8)) }
        }
        let store = state.store
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
            warnAboutSite(&state, path: options.cacheFolder.path, "the cache cannot be pruned: \(error)")
        }
        if Self.tracing { FileHandle.standardError.write(Data("imgsite: cache prune \(ContinuousClock.now - pruning)\n".utf8)) }
        let elapsed = ContinuousClock.now - start
        state.summary.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return state.summary
    }

    /// Opens the build database and marks the folder as being built; whether
    /// the last build here ran to its end is read first.
    private func begin() throws(BuildError) -> BuildState {
        let store = try BuildStore(folder: options.cacheFolder, root: options.output)
        var state = BuildState(writer: SiteWriter(root: options.output, store: store))
        state.previousBuildFinished = try buildDatabase(.written, at: options.cacheFolder.path) {
            let clean = try store.isClean()
            try store.setClean(false)
            return clean
        }
        return state
    }
}

/// What the steps hand each other.
struct BuildState {
    let writer: SiteWriter
    var store: BuildStore { writer.store }
    var root: PlannedAlbum?
    /// The images this build makes: every one, or a shard's.
    var jobs: [ImageJob] = []
    /// What their files are made with (`planImageSettings`), and under a
    /// whole-site budget the plan that chose it.
    var settings: ImageSettings?
    /// Photos the budget's second pass tightened past `settings`, by source.
    var photoSettings: [String: ImageSettings] = [:]
    var budgetPlan: BudgetPlan?
    /// What the plan was made from, when this build made it (not read
    /// back from the cache), and where it is kept and under which key.
    var budgetPredictor: SitePredictor?
    var budgetPlanFile: (file: URL, key: String)?
    /// What the build database says was finished in this folder (empty under --force).
    var journal: [String: JournalEntry] = [:]
    /// The sources the journal held, once the journal itself is released.
    var journalSources: Set<String> = []
    /// The build database records files earlier builds wrote here.
    var wroteHereBefore = false
    /// Every image that built or was reused, by source: enough to plan pages.
    var summaries: [String: ImageSummary] = [:]
    /// The images this build decoded and encoded (not up to date).
    var builtSources: Set<String> = []
    /// Every page and asset of the site, relative to the output.
    var pages: [String] = []
    /// The last build into this folder ran to its end.
    var previousBuildFinished = false
    /// Something in the output may differ from the last build's: an image
    /// was placed or failed, a source disappeared, a page changed.
    var outputsChanged = false
    /// The page digests recorded by the last build, by path.
    var storedDigests: [String: String] = [:]
    /// The templates in effect (built-in, overridden by the site's) and their digest.
    var theme: (library: MustacheLibrary, digest: String)?
    /// Album pages with the sources their first view may show (only when
    /// a first-view budget is set).
    var firstViews: [FirstViewPage] = []

    /// An album page and the sources its first view may show (`FirstView`).
    struct FirstViewPage {
        var page: String
        var isRoot: Bool
        var sources: (cards: [String], photos: [String])
    }
    var summary = BuildSummary()

    /// What `source`'s files are made with.
    func settings(for source: String) -> ImageSettings {
        photoSettings[source] ?? settings!
    }

    /// Builds with `plan`: the site's settings as it moves them, and each
    /// photo's it tightened further.
    mutating func apply(_ plan: BudgetPlan, site: SiteConfig, layout: ThemeLayout) {
        settings = ImageSettings(config: plan.config(from: site), layout: layout)
        var made: [[BudgetMove]: ImageSettings] = [:]
        photoSettings = plan.photoMoves.mapValues { moves in
            if let settings = made[moves] { return settings }
            let settings = ImageSettings(config: SiteBudget.config(site, moves: plan.moves + moves), layout: layout)
            made[moves] = settings
            return settings
        }
        budgetPlan = plan
    }
}

extension BuildPipeline {
    /// `IMGSITE_TRACE=1`: each step's wall time on standard error, for profiling.
    static let tracing = ProcessInfo.processInfo.environment["IMGSITE_TRACE"] == "1"

    /// Under `tracing`, the wall time of a part of a step since `start`, then restarts it.
    static func trace(_ part: String, since start: inout ContinuousClock.Instant) {
        guard tracing else { return }
        FileHandle.standardError.write(Data("imgsite: \(part) \(ContinuousClock.now - start)\n".utf8))
        start = .now
    }
}
