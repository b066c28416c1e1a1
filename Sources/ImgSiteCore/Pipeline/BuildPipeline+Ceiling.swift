import Foundation

extension BuildPipeline {
    /// Passes of encoding again a budget may add to a build: the first
    /// measured scale is usually enough; a second corrects what the new
    /// settings' own error leaves.
    static let ceilingPasses = 2

    /// Holds the site to `budgets.site` and `budgets.files` as a ceiling,
    /// not a forecast: measures the images as built (and the pages as
    /// estimated, a tenth over what they measure), and when the site would
    /// end over, scales the prediction by what the images measured, plans
    /// again and encodes again (variants the new settings share with the
    /// old come from the cache). Still over after `ceilingPasses`, or
    /// refused by the new plan, the build stops with the least budget
    /// that fits, before any page is written: the previous pages stay.
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
            predictor = try sitePredictor(root.allJobs, pages: pages, settings: ImageSettings(config: options.config, layout: options.layout))
        }
        for pass in 1...Self.ceilingPasses {
            // Built over predicted, for the images the settings made: the
            // content's own cost, which the sample missed.
            let predicted = predictor.imageEstimate(plan.config(from: options.config)).bytes
            predictor.imageScale *= Double(measured.imageBytes) / Double(max(predicted, 1))
            let next = try plannedWithin(budget, predictor: predictor)
            guard next.moves != plan.moves else { break }
            plan = next
            observe(.step("budget: the site came to \(measured.site.text), over \(budget.text); planned again on what the images measured "
                + "(\(String(format: "%+.0f", (predictor.imageScale - 1) * 100)) %), encoding again (pass \(pass + 1))"))
            state.settings = ImageSettings(config: plan.config(from: options.config), layout: options.layout)
            try encodeAgain(&state)
            measured = try measuredSite(state, pages: pages)
            state.summary.bytesOut = measured.builtBytes
            guard budget.isOverCeiling(measured.site) else {
                state.budgetPlan = plan
                state.summary.budget = BudgetReport(budget: budget, plan: plan, site: options.config, firstPass: first, passes: pass + 1)
                if let saved = state.budgetPlanFile { Self.save(plan, key: saved.key, to: saved.file) }
                return
            }
        }
        throw BuildError(path: options.configFile?.lastPathComponent ?? "imgsite.yml",
                         "\(budget.overKey(measured.site)): the site came to \(measured.site.text) even encoded again with tighter settings, "
                             + "over \(budget.text); give at least \(budget.least(measured.site)) (no page was written: the previous pages stay)")
    }

    /// The site as it stands after `process`: every image's files as the
    /// build database records them, the pages as estimated, and the
    /// albums' zips (`album_zip`) as their files add up. `imageBytes` leaves
    /// out the originals (`downloads: original`): the settings do not shape them.
    private func measuredSite(_ state: BuildState, pages: PageCount) throws(BuildError) -> (site: SiteEstimate, imageBytes: Int, builtBytes: Int) {
        var images = SiteEstimate()
        var (imageBytes, builtBytes, zipBytes) = (0, 0, 0)
        let built = state.builtSources
        let (policy, zips) = (options.config.downloads, options.config.albumZip)
        try buildDatabase(.read, at: options.cacheFolder.path) {
            try state.store.forEachResult(state.summaries.keys.sorted()) { image in
                let bytes = image.variants.reduce(0) { $0 + $1.bytes }
                images.files += image.variants.count
                images.bytes += bytes
                imageBytes += image.variants.reduce(0) { $0 + ($1.role == .original ? 0 : $1.bytes) }
                if built.contains(image.source) { builtBytes += bytes }
                if zips, let download = image.download(policy) { zipBytes += download.bytes + SitePredictor.zipEntryBytes }
            }
        }
        let pageEstimate = pages.estimate(imageFiles: images.files)
        let zipFiles = zips ? pages.albums.filter { $0 > 0 }.count : 0
        let site = SiteEstimate(files: images.files + pageEstimate.files + zipFiles, bytes: images.bytes + pageEstimate.bytes + zipBytes)
        return (site, imageBytes, builtBytes)
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

extension SiteBudget {
    /// Over the budget itself (not the planning margin).
    func isOverCeiling(_ site: SiteEstimate) -> Bool {
        bytes.map { site.bytes > $0 } ?? false || files.map { site.files > $0 } ?? false
    }

    /// The setting a refusal names: the bytes when they are over.
    func overKey(_ site: SiteEstimate) -> String {
        bytes.map { site.bytes > $0 } ?? false ? "budgets.site" : "budgets.files"
    }

    /// "budgets.site of 12 MB and budgets.files of 400".
    var text: String {
        [bytes.map { "budgets.site of \(Bytes.text($0))" }, files.map { "budgets.files of \($0)" }].compactMap { $0 }.joined(separator: " and ")
    }

    /// The least budget a site measured as `site` fits, rounded up to two
    /// significant digits: what a refusal asks for.
    func least(_ site: SiteEstimate) -> String {
        [bytes.map { _ in Bytes.text(Self.roundedUp(Double(site.bytes))) }, files.map { _ in "\(site.files) files" }]
            .compactMap { $0 }.joined(separator: " and ")
    }
}

extension SiteEstimate {
    /// "12.3 MB, 400 files".
    var text: String { "\(Bytes.text(bytes)), \(files) files" }
}
