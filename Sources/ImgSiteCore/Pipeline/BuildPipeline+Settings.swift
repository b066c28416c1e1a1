import Foundation
import ImgSiteMedia
import ImgSitePlanning
import Vips

extension BuildPipeline {
    /// The `settings` step: the image settings this build makes files
    /// with, the site's or, under `budgets.site` or `budgets.files`, the
    /// ones its budget chooses (`budgetChoice`), once the configuration is
    /// known to ask nothing this libvips cannot do.
    func planImageSettings(_ scanned: Scanned, _ summary: inout BuildSummary) throws(BuildError) -> SettingsChoice {
        try checkCapabilities(&summary)
        let settings = ImageSettings(config: options.config, layout: options.layout)
        guard options.config.budgets.shapesSite else { return SettingsChoice(settings: SettingsPlan(site: settings)) }
        return try budgetChoice(scanned, settings: settings, &summary)
    }

    /// A text watermark needs a libvips that renders text: without one the
    /// build stops. GIF needs its palette quantiser: without one
    /// animations are animated WebP, said once.
    private func checkCapabilities(_ summary: inout BuildSummary) throws(BuildError) {
        let config = options.config
        let configFile = options.configFile?.lastPathComponent ?? "imgsite.yml"
        let texts = ([config.watermarks.site] + Array(config.watermarks.albums.values)).compactMap { mark -> Watermark? in
            if case .text? = mark?.mark { return mark } else { return nil }
        }
        if !texts.isEmpty, !Vips.rendersText {
            throw BuildError(path: configFile,
                             "watermark.text needs a libvips that renders text (with Pango, as Debian's, Homebrew's and the release bundle's); this one (\(Vips.version)) does not: draw the text into a logo and give it as watermark.image")
        }
        if config.animated.outputs.contains(.gif), !Vips.writesGIF {
            let cannot = "animated.outputs asks for GIF, which this libvips (\(Vips.version)) cannot write (it has no palette quantiser)"
            if config.animated.outputs == [.gif] {
                // Only GIF asked for: the site has none of what it asked; a warning.
                warnAboutSite(&summary, path: configFile, "\(cannot); animations are animated WebP, with the still poster as the fallback")
            } else {
                note(&summary, "\(cannot): animations are animated WebP, and browsers without it get the still poster instead of a GIF")
            }
        }
    }
}
