import Foundation
import ImgSiteMedia

extension BuildPipeline {
    /// Holds the site to `budgets:`: every variant file, every album
    /// page's first view (`FirstView`), and the whole site's bytes and files
    /// as the output folder holds them. Each violation is a warning naming
    /// the image, page or folder; the whole site over `budgets.site` or
    /// `budgets.files` is an error (exit status 2). Checked on every build, no-op builds included, so
    /// a CI run always sees them; it reads the records of every image (only
    /// when a budget is set).
    func checkBudgets(_ rendered: Rendered, _ summary: inout BuildSummary) throws(BuildError) {
        let budgets = options.config.budgets
        guard !budgets.isEmpty else { return }
        var violations: [(path: String, reason: String)] = []
        let (store, summaries, firstViews) = (rendered.built.scanned.store, rendered.built.summaries, rendered.firstViews)
        try buildDatabase(.read, at: options.cacheFolder.path) {
            if let limit = budgets.variant {
                try store.forEachResult(summaries.keys.sorted()) { image in
                    for variant in image.variants where variant.bytes > limit && variant.role != .original {
                        violations.append((image.source, "\(variant.path) is \(Bytes.text(variant.bytes)), over the variant budget of \(Bytes.text(limit))"))
                    }
                }
            }
            if let limit = budgets.firstView {
                let view = FirstView(layout: options.layout, viewport: budgets.viewport)
                let records = try store.results(Array(Set(firstViews.flatMap { [$0.sources.hero].compactMap { $0 } + $0.sources.cards + $0.sources.photos })))
                let writer = rendered.built.scanned.writer
                let css = writer.size(PageSpec.stylesheet.path)
                for first in firstViews {
                    let html = writer.size(first.page)
                    let shown = view.aboveFold(hero: first.sources.hero.flatMap { records[$0] }, cards: first.sources.cards.compactMap { records[$0] },
                                               photos: first.sources.photos.compactMap { records[$0] }, isRoot: first.isRoot,
                                               story: first.story)
                    let images = shown.compactMap { view.file($0.image, cssWidth: $0.width) }.reduce(0) { $0 + $1.bytes }
                    let total = html + css + images
                    guard total > limit else { continue }
                    violations.append((first.page, "first view at \(budgets.viewport) is \(Bytes.text(total)) (HTML \(Bytes.text(html)), CSS \(Bytes.text(css)), "
                        + "\(shown.count) images \(Bytes.text(images))), over the budget of \(Bytes.text(limit))"))
                }
            }
        }
        if budgets.shapesSite {
            let (files, bytes) = OutputFolder(root: options.output).filesAndBytes(except: [OutputLock.fileName])
            summary.budget?.builtBytes = bytes
            summary.budget?.builtFiles = files
            for violation in violations { warnAboutSite(&summary, path: violation.path, violation.reason) }
            // A ceiling: the build shaped the images to it (`holdToBudget`), so
            // what is over now (pages larger than estimated, files of the
            // user's in the folder, shards that merged over) fails the build:
            // CI must not publish it.
            if let refusal = SiteBudget(budgets).refusalOfPublished(SiteEstimate(files: files, bytes: bytes), planned: summary.budget) {
                throw BuildError(path: options.output.path, refusal)
            }
            return
        }
        for violation in violations { warnAboutSite(&summary, path: violation.path, violation.reason) }
    }
}
