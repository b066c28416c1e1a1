import Foundation
import ImgSiteMedia
import ImgSitePlanning
import Mustache

extension BuildPipeline {
    /// Plans every page from the summaries; renders and writes (`PageBatch`)
    /// only those whose inputs changed or whose file is missing. A page whose
    /// bytes are unchanged is not touched.
    func render(_ built: Built, theme: Theme, _ summary: inout BuildSummary) throws(BuildError) -> Rendered {
        let writer = built.scanned.writer
        var pageOptions = pageOptions
        pageOptions.privateAddresses = writer.privateAddresses
        pageOptions.words = theme.words
        let renderer = SiteRenderer(library: theme.library, options: pageOptions)
        let site = siteDigest(theme: theme.digest, renderer: renderer)
        let stored = built.scanned.recorded.pageDigests
        var listing = OutputListing(root: options.output)
        var batch = PageBatch(renderer: renderer, writer: built.scanned.writer, output: options.output,
                              cacheFolder: options.cacheFolder, workers: options.jobs)
        let firstView = options.config.budgets.firstView == nil ? nil : FirstView(layout: options.layout, viewport: options.config.budgets.viewport)
        var rendered = Rendered(built: built)
        let album = BuiltAlbum(built.scanned.root, summaries: built.summaries, words: theme.words)
        for warning in album.curationWarnings { warnAboutSite(&summary, path: warning.path, warning.reason) }
        rendered.unlistedFolders = PageMap.hiddenFolders(album)
        rendered.unlistedSources = PageMap.unlistedSources(album)
        try renderer.pages.forEach(album) { (spec) throws(BuildError) in
            rendered.pages.append(spec.path)
            if PageMap.isUnlisted(spec, hiddenFolders: rendered.unlistedFolders) { rendered.unlistedPages.insert(spec.path) }
            if let firstView, case .album(let page) = spec {
                rendered.firstViews.append(.init(page: page.path, isRoot: page.isRoot, story: page.storyBeside, sources: firstView.candidates(of: page)))
            }
            let digest = spec.digest(site: site)
            if stored[spec.path] == digest, listing.contains(writer.stored(spec.path)) { return }
            try batch.add(spec, digest: digest)
        }
        try batch.finish()
        summary.pagesWritten = batch.written
        summary.pagesRendered = batch.rendered
        if batch.written > 0 || Set(rendered.pages) != Set(stored.keys).subtracting([Manifest.fileName]) { rendered.built.outputsChanged = true }
        return rendered
    }

    /// Every option that shapes the pages, from the site's config.
    var pageOptions: PageOptions {
        var options = PageOptions(siteTitle: self.options.config.title, layout: self.options.layout)
        options.baseURL = self.options.config.baseURL
        options.showsDetails = self.options.config.photoDetails
        options.downloads = self.options.config.downloads
        options.albumZips = self.options.config.albumZip
        options.slideshowSeconds = self.options.config.slideshowSeconds
        options.palette = Palette(accent: self.options.config.accent, backdrop: self.options.config.backdrop)
        return options
    }

    /// What every page's digest starts from: the imgsite version, the
    /// theme's templates and every page option (`PageOptions`), hashed once.
    private func siteDigest(theme: String, renderer: SiteRenderer) -> String {
        SourceHash.of(text: "\(ImgSiteVersion.current)|\(theme)|\(renderer.options)")
    }
}
