import Foundation

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
    func holdToBudget(_ state: inout BuildState) throws(BuildError) {
        // Nothing encoded and no new plan since a build that ran to its end:
        // its site was measured then.
        guard var plan = state.budgetPlan, let root = state.root,
            state.outputsChanged || !state.previousBuildFinished || state.budgetPredictor != nil
        else { return }
        let budget = SiteBudget(options.config.budgets)
        let pages = PageCount(albums: root.albumSizes, hasFeed: options.config.baseURL != nil)
        var measured = try measuredSite(state, pages: pages)
        guard budget.isOverCeiling(measured.site) else { return }
        let first = measured.site
        var predictor: SitePredictor
        if let made = state.budgetPredictor {
            predictor = made
        } else {
            observe(.step("budget: reading \(root.allJobs.count) headers and encoding a sample"))
            let settings = ImageSettings(config: options.config, layout: options.layout)
            predictor = try sitePredictor(root.allJobs, pages: pages, settings: settings)
            _ = predictor.widen(ifKeeping: plan.config(from: options.config), settings: settings, workers: options.jobs)
        }
        let tightening = PhotoTightening(predictor: predictor, site: options.config, layout: options.layout)
        for pass in 1...Self.ceilingPasses {
            guard let next = tightening.tightened(plan, built: measured.photos, over: budget.over(measured.site), measured: measured.site)
            else { break }
            let photos = Set(next.photoMoves.filter { plan.photoMoves[$0.key] != $0.value }.keys).count
            plan = next
            observe(.step("budget: the site came to \(measured.site.text), over \(budget.text); \(photos) of \(measured.photos.count) photos "
                + "give up one more notch, encoding them again (pass \(pass + 1))"))
            state.apply(plan, site: options.config, layout: options.layout)
            try encodeAgain(&state)
            measured = try measuredSite(state, pages: pages)
            state.summary.bytesOut = measured.builtBytes
            guard budget.isOverCeiling(measured.site) else {
                state.summary.budget = BudgetReport(budget: budget, plan: plan, site: options.config, firstPass: first, passes: pass + 1)
                if let saved = state.budgetPlanFile { Self.save(plan, key: saved.key, to: saved.file) }
                return
            }
        }
        throw BuildError(path: options.configFile?.lastPathComponent ?? "imgsite.yml",
                         "\(budget.overKey(measured.site)): the site came to \(measured.site.text) even encoded again with tighter settings, "
                             + "over \(budget.text); give at least \(budget.least(measured.site)) (no page was written: the previous pages stay)")
    }

    /// A merge cannot encode again: when the shards' images and the pages
    /// would come to more than the budget, it stops before it takes any of
    /// them, so the previous site stays.
    func holdMergeToBudget(_ state: BuildState, images: [ProcessedImage]) throws(BuildError) {
        guard options.config.budgets.shapesSite, let root = state.root else { return }
        var site = BuiltSite(options.config)
        for image in images { site.add(image) }
        let measured = site.site(pages: PageCount(albums: root.albumSizes, hasFeed: options.config.baseURL != nil))
        let budget = SiteBudget(options.config.budgets)
        guard budget.isOverCeiling(measured) else { return }
        let planned = state.budgetPlan.map { " (planned \($0.predicted.text))" } ?? ""
        throw BuildError(path: "--merge", "\(budget.overKey(measured)): the shards' images and the pages come to \(measured.text), over \(budget.text)\(planned); "
            + "build the shards with the merge's imgsite.yml, or give at least \(budget.least(measured)) (nothing was merged: the previous site stays)")
    }

    /// The site as it stands after `process` (`BuiltSite`), each photo's
    /// image files, and the bytes of the images this build encoded.
    private func measuredSite(
        _ state: BuildState, pages: PageCount
    ) throws(BuildError) -> (site: SiteEstimate, photos: [String: PhotoTightening.Built], builtBytes: Int) {
        var site = BuiltSite(options.config)
        var builtBytes = 0
        let built = state.builtSources
        try buildDatabase(.read, at: options.cacheFolder.path) {
            try state.store.forEachResult(state.summaries.keys.sorted()) { image in
                let bytes = site.add(image)
                if built.contains(image.source) { builtBytes += bytes }
            }
        }
        return (site.site(pages: pages), site.photos, builtBytes)
    }

    /// `process` again with the new settings, its images' lines already
    /// printed: each is told as encoded again (no second line), and only a
    /// failure the first pass did not have gets one.
    private func encodeAgain(_ state: inout BuildState) throws(BuildError) {
        var again = state
        again.summary = BuildSummary()
        again.journal = [:]
        again.summaries = [:]
        let failedBefore = Set(state.summary.failed.map(\.path))
        let observe = self.observe
        let quiet = BuildPipeline(options: options) { event in
            switch event {
            case .built(let image): observe(.encodedAgain(image.source))
            case .upToDate(let source, _): observe(.encodedAgain(source))
            case .failed(let error) where failedBefore.contains(error.path): break
            default: observe(event)
            }
        }
        try quiet.process(&again)
        state.summaries = again.summaries
        state.summary.sourcesRead += again.summary.sourcesRead
        state.summary.encodedFiles += again.summary.encodedFiles
        for error in again.summary.failed where !failedBefore.contains(error.path) {
            state.summaries[error.path] = nil
            if state.builtSources.remove(error.path) != nil { state.summary.built -= 1 } else { state.summary.upToDate -= 1 }
            state.summary.failed.append(error)
        }
        state.outputsChanged = true
    }
}
