import Foundation
import ImgSiteMedia
import ImgSitePlanning

extension BuildPipeline {
    /// Passes of encoding again a budget may add to a build: the first
    /// is usually enough; a second corrects what its own prediction of the
    /// notches' savings leaves.
    static let ceilingPasses = 2

    /// Holds the site to `budgets.site` and `budgets.files` as a ceiling,
    /// not a forecast: measures the images as built (and the pages as
    /// estimated, a tenth over what they measure), and when the site would
    /// end over, the photos that save the most for one more notch of the
    /// budget's moves take it (`PhotoTightening`) and are encoded again
    /// (what their new settings share with the old comes from the cache;
    /// the other photos keep their files). Still over after
    /// `ceilingPasses`, or with nothing left to give up, the build stops
    /// with the least budget that fits, before any page is written: the
    /// previous pages stay.
    func holdToBudget(_ built: Built, _ summary: inout BuildSummary) throws(BuildError) -> Built {
        // Nothing encoded and no new plan since a build that ran to its end:
        // its site was measured then.
        guard var stage = built.planned.budget,
            built.outputsChanged || !built.scanned.recorded.previousBuildFinished || stage.predictor != nil
        else { return built }
        var built = built
        let (root, jobs) = (built.scanned.root, built.scanned.allJobs)
        let budget = SiteBudget(options.config.budgets)
        var measured = try measuredSite(built)
        guard budget.isOverCeiling(measured.site) else { return built }
        let first = measured.site
        var predictor: SitePredictor
        if let made = stage.predictor {
            predictor = made
        } else {
            observe(.step("budget: reading \(jobs.count) headers and encoding a sample"))
            let settings = ImageSettings(config: options.config, layout: options.layout)
            // Headers of the images this build decoded were read then.
            let known = built.outcomes.compactMapValues { if case .made(let outcome) = $0 { outcome.header } else { nil } }
            (predictor, _) = try sitePredictor(jobs, pages: PageCount(pageOptions.pages, root: root), settings: settings, known: known)
            _ = predictor.widen(ifKeeping: stage.plan.config(from: options.config), settings: settings, workers: options.jobs)
        }
        let tightening = PhotoTightening(predictor: predictor, site: options.config, layout: options.layout)
        var encodedAgain: Set<String> = []
        for pass in 1...Self.ceilingPasses {
            guard let next = tightening.tightened(stage.plan, built: measured.photos, over: budget.over(measured.site), measured: measured.site)
            else { break }
            let tightened = Set(next.photoMoves.filter { stage.plan.photoMoves[$0.key] != $0.value }.keys)
            let photos = tightened.count
            encodedAgain.formUnion(tightened)
            stage.plan = next
            observe(.step("budget: the site came to \(measured.site.text), over \(budget.text); \(photos) of \(measured.photos.count) photos "
                + "give up one more notch, encoding them again (pass \(pass + 1))"))
            encodeAgain(&built, with: SettingsPlan(next, config: options.config, layout: options.layout))
            built.planned.budget = stage
            measured = try measuredSite(built)
            guard budget.isOverCeiling(measured.site) else {
                summary.budget = BudgetReport(budget: budget, plan: next, site: options.config, firstPass: first, passes: pass + 1,
                                              photosEncodedAgain: encodedAgain.count)
                if stage.savesPlan { Self.save(next, key: stage.saved.key, to: stage.saved.file) }
                return built
            }
        }
        throw BuildError(path: options.configFile?.lastPathComponent ?? "imgsite.yml", budget.refusalAfterTightening(measured.site))
    }

    /// A merge cannot encode again: when the shards' images and the pages
    /// would come to more than the budget, it stops before it takes any of
    /// them, so the previous site stays.
    func holdMergeToBudget(_ planned: Planned, images: [ProcessedImage]) throws(BuildError) {
        guard options.config.budgets.shapesSite else { return }
        let root = planned.scanned.root
        var site = BuiltSite(options.config)
        for image in images { site.add(image) }
        let summaries = Dictionary(images.map { ($0.source, ImageSummary(digest: "", $0.metadata)) }) { $1 }
        let measured = site.site(pages: PageCount(pageOptions.pages, root: root, summaries: summaries))
        let budget = SiteBudget(options.config.budgets)
        guard budget.isOverCeiling(measured) else { return }
        throw BuildError(path: "--merge", budget.refusalOfMerge(measured, planned: planned.budget?.plan.predicted))
    }

    /// The site as it stands after `process` (`BuiltSite`, its pages walked
    /// over the images as built) and each photo's image files.
    private func measuredSite(_ built: Built) throws(BuildError) -> (site: SiteEstimate, photos: [String: PhotoTightening.Built]) {
        let pages = PageCount(pageOptions.pages, root: built.scanned.root, summaries: built.summaries)
        var site = BuiltSite(options.config)
        let store = built.scanned.store
        try buildDatabase(.read, at: options.cacheFolder.path) {
            try store.forEachResult(built.summaries.keys.sorted()) { image in site.add(image) }
        }
        return (site.site(pages: pages), site.photos)
    }

    /// `make` again for the images whose settings `settings` changes, each
    /// told as encoded again (its line was printed by the first pass); what
    /// their new settings share with the old comes from the cache.
    private func encodeAgain(_ built: inout Built, with settings: SettingsPlan) {
        let before = built.planned.settings
        let again = built.planned.jobs.filter { job in
            let source = job.source.relativePath
            return built.summaries[source] != nil && settings(source).key != before(source).key
        }
        built.planned.settings = settings
        guard !again.isEmpty else { return }
        built.record(make(again, settings: settings, writer: built.scanned.writer, pass: .again), of: again, step: .ceiling)
        built.outputsChanged = true
    }
}
