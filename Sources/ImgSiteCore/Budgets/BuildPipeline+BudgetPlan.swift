import Foundation
import ImgSiteMedia
import ImgSitePlanning
import Vips

extension BuildPipeline {
    /// The settings `budgets.site` or `budgets.files` choose to fit the
    /// whole site (`SiteBudget`), planned on every photo, not a shard's, so
    /// every shard builds with the same; the merge takes the shards' plan
    /// (it may run without the photos). The plan is kept in the cache
    /// folder, one file per output folder (sites share a cache), and reused
    /// while the photos and settings are unchanged: a no-op build reads no
    /// header and encodes no sample.
    func budgetChoice(_ scanned: Scanned, settings: ImageSettings, _ summary: inout BuildSummary) throws(BuildError) -> SettingsChoice {
        let config = options.config
        var budget = SiteBudget(config.budgets)
        if case .shard = options.mode { budget.margin = SiteBudget.shardBytesMargin }
        let jobs = scanned.allJobs
        let pages = PageCount(pageOptions.pages, root: scanned.root)
        let key = BudgetPlanKey(
            settings: SourceHash.of(texts: [
                ImgSiteVersion.current, settings.key, "\(budget.bytes ?? 0) \(budget.files ?? 0) \(budget.margin) \(options.sampleScale)",
                "\(pageOptions.downloads) \(pageOptions.albumZips) \(pageOptions.pageSize) \(pageOptions.baseURL != nil)",
            ]),
            pages: "\(pages)", photos: Dictionary(jobs.map { ($0.source.relativePath, $0.source.identity.text) }) { first, _ in first })
        let saved = CacheFolder(options.cacheFolder).budgetPlan(for: options.output)
        var predictor: SitePredictor?
        var headers: [String: SourceHeader] = [:]
        var savesPlan = true
        let plan: BudgetPlan
        let kept = Self.savedPlan(saved)
        if case .merge(let folders) = options.mode {
            guard let shards = ShardManifest.budgetPlan(folders) else {
                throw BuildError(path: "--merge", "the shards were built without budgets.site or budgets.files; build every shard and the merge with the same imgsite.yml")
            }
            plan = shards
        } else if let kept, kept.key == key {
            plan = kept.plan
        } else if let kept, options.keepsBudgetPlanThroughEdits, let edit = key.keeps(kept.key) {
            // Kept, not saved: the next edit is weighed against the plan's own
            // photos, and a `build` plans again as a clean build would.
            plan = kept.plan
            savesPlan = false
            observe(.step("budget: the plan kept through this edit (\(edit)); the site is measured and re-planned only if over"))
        } else {
            observe(.step("budget: reading \(jobs.count) headers and encoding a sample"))
            var made: SitePredictor
            (made, headers) = try sitePredictor(jobs, pages: pages, settings: settings)
            plan = try plannedWithin(budget, predictor: &made)
            predictor = made
            Self.save(plan, key: key, to: saved)
        }
        let report = BudgetReport(budget: budget, plan: plan, site: config)
        summary.budget = report
        observe(.step(report.line))
        return SettingsChoice(settings: SettingsPlan(plan, config: config, layout: options.layout),
                              budget: BudgetStage(plan: plan, predictor: predictor, saved: (saved, key), savesPlan: savesPlan), headers: headers)
    }

    /// What predicts the site's files and bytes: every header (those in
    /// `known` were read already), and the encode curves of a sample; and
    /// the headers it read.
    func sitePredictor(
        _ jobs: [ImageJob], pages: PageCount, settings: ImageSettings, known: [String: SourceHeader] = [:]
    ) throws(BuildError) -> (SitePredictor, headers: [String: SourceHeader]) {
        do {
            try Vips.start(concurrency: 1, codecModules: true)
        } catch {
            throw BuildError(path: Native.libvipsFile ?? "libvips", "cannot start: \(error)")
        }
        var start = ContinuousClock.now
        // A photo whose header cannot be read makes no files: its own
        // failure is reported when it is processed.
        let sources = WorkerPool.map(jobs, workers: options.jobs) { job in
            (known[job.source.relativePath] ?? (try? SourceHeader.read(job.source, settings: settings))).map { BudgetCalibration.Source(job: job, header: $0) }
        }.compactMap { $0 }
        Self.trace("budget headers", since: &start)
        let (photos, costs, samples) = BudgetCalibration.measure(sources, settings: settings, workers: options.jobs)
        Self.trace("budget samples (\(costs.filter { !$0.isEmpty }.count) of \(costs.count) strata encoded)", since: &start)
        let predictor = SitePredictor(
            photos: photos, costs: costs, calibrated: (settings.jpeg.quality, settings.webp.quality), layout: options.layout, pages: pages,
            imageScale: options.sampleScale, samples: samples)
        return (predictor, Dictionary(sources.map { ($0.job.source.relativePath, $0.header) }) { $1 })
    }

    /// The plan that fits `budget`, made again with the curves carried up
    /// to the widest files while it keeps files wider than they reach (a
    /// plan made again may keep a kind of file the first gave up).
    func plannedWithin(_ budget: SiteBudget, predictor: inout SitePredictor) throws(BuildError) -> BudgetPlan {
        var plan = try plannedWithin(budget, predictor: predictor)
        let settings = ImageSettings(config: options.config, layout: options.layout)
        var start = ContinuousClock.now
        while predictor.widen(ifKeeping: plan.config(from: options.config), settings: settings, workers: options.jobs) {
            Self.trace("budget bands (\(predictor.widened.sorted().joined(separator: ", ")))", since: &start)
            plan = try plannedWithin(budget, predictor: predictor)
        }
        return plan
    }

    /// The plan that fits `budget` as `predictor` sees the site, or the
    /// refusal that names the least budget, as an error about the config.
    func plannedWithin(_ budget: SiteBudget, predictor: SitePredictor) throws(BuildError) -> BudgetPlan {
        do {
            return try budget.plan(options.config, predictor: predictor)
        } catch {
            throw BuildError(path: options.configFile?.lastPathComponent ?? "imgsite.yml", "\(error.key): \(error.reason)")
        }
    }

    static func save(_ plan: BudgetPlan, key: BudgetPlanKey, to file: URL) {
        if let data = try? JSONEncoder().encode(SavedBudgetPlan(key: key, plan: plan)) {
            try? AtomicWriter.write(data, to: file)
        }
    }

    private static func savedPlan(_ file: URL) -> SavedBudgetPlan? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        return try? JSONDecoder().decode(SavedBudgetPlan.self, from: data)
    }
}

/// What the settings step chose: every image's settings, and the
/// whole-site budget's plan they come from.
struct SettingsChoice {
    var settings: SettingsPlan
    var budget: BudgetStage?
    /// The headers the budget's planning read.
    var headers: [String: SourceHeader] = [:]
}

private struct SavedBudgetPlan: Codable {
    var key: BudgetPlanKey
    var plan: BudgetPlan
}
