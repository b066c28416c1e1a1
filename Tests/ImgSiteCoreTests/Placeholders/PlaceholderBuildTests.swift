import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing
import Vips

/// Placeholders through the real pipeline: the whole corpus with the
/// default kind, and per-album choices.
@Suite(.tags(.imagePipeline)) struct PlaceholderBuildTests {
    @Test("default build: every image (transparent and animated too) has a ThumbHash within 400 bytes of HTML")
    func everyImageWithinBudget() throws {
        let site = try CorpusSite.build()
        #expect(site.manifest.images.count >= 40)
        for image in site.manifest.images {
            let placeholder = try #require(image.placeholder, "\(image.source) has no placeholder")
            #expect(placeholder.kind == .thumbhash)
            let hash = try #require(ThumbHashPlaceholder.bytes(of: placeholder.value))
            #expect(ThumbHash.decode(hash) != nil)
            // Alpha in the hash means transparent pixels; an alpha band alone
            // (a GIF whose frames are all opaque) gives none.
            let hashHasAlpha = hash[2] >> 7 == 1
            if hashHasAlpha { #expect(image.hasAlpha, "\(image.source)") }
            if ["formats/transparent.png", "animated/1904-blob-dancing.gif"].contains(image.source) { #expect(hashHasAlpha, "\(image.source)") }
        }
        let manifestText = try String(contentsOf: site.output.appendingPathComponent(Manifest.fileName), encoding: .utf8)
        var checked = 0
        for page in site.manifest.pages where page.hasSuffix("index.html") {
            let html = try String(contentsOf: site.output.appendingPathComponent(page), encoding: .utf8)
            for tag in html.matches(of: /<img [^>]*>/).map({ String($0.output) }) {
                let style = try #require(tag.firstMatch(of: /style="([^"]*)"/)?.output.1)
                guard let start = style.range(of: "background:") else { continue }
                let hash = try #require(tag.firstMatch(of: /\ data-thumbhash="([^"]*)"/), "\(tag.prefix(80))")
                let clears = tag.firstMatch(of: /\ onload="[^"]*"/).map { $0.output.count } ?? 0
                let cost = style[start.lowerBound...].utf8.count + hash.output.0.count + clears
                #expect(cost <= 400, "\(page): \(cost) bytes for \(tag.prefix(100))")
                #expect(manifestText.contains("\"value\":\"\(hash.output.1)\""), "the manifest holds the hash")
                checked += 1
            }
        }
        #expect(checked >= 40)
    }

    @Test("albums pick their own kind; nested albums inherit it; none leaves no trace in the page")
    func perAlbum() throws {
        let input = try Corpus.scratch("per-album-in")
        try Corpus.copy([Corpus.photo("nature/Storm.jpg")], into: input, album: "site")
        try Corpus.copy([Corpus.photo("nature/Dune.jpg")], into: input, album: "plain")
        try Corpus.copy([Corpus.photo("nature/Aqua.jpg")], into: input, album: "plain/deeper")
        try Corpus.copy([Corpus.photo("formats/transparent.png")], into: input, album: "icons")
        var config = try SiteConfig.parse(yaml: """
            placeholder: blurhash
            albums:
              plain: { placeholder: css }
              icons: { placeholder: none }
              plain/deper: { placeholder: grid }
            """, file: "imgsite.yml")
        let site = try TestBuild.run(input: input, config: config)
        #expect(site.summary.siteWarnings == ["imgsite.yml: albums.plain/deper names no album with photos in the input; its settings apply to nothing"])
        #expect(try site.image("site/Storm.jpg").placeholder?.kind == .blurhash)
        #expect(try site.image("plain/Dune.jpg").placeholder?.kind == .css)
        #expect(try site.image("plain/deeper/Aqua.jpg").placeholder?.kind == .css)
        #expect(try site.image("icons/transparent.png").placeholder == nil)
        let icons = try String(contentsOf: site.output.appendingPathComponent("icons/index.html"), encoding: .utf8)
        let tag = try #require(icons.firstMatch(of: /<img [^>]*>/)?.output)
        #expect(!tag.contains("background") && !tag.contains("onload") && !tag.contains("data-"))
        let blur = try String(contentsOf: site.output.appendingPathComponent("site/index.html"), encoding: .utf8)
        #expect(blur.contains(" data-blurhash=\"\(try site.image("site/Storm.jpg").placeholder!.value)\""))

        // Changing one album's kind remakes that album's placeholders from the cache, decoding nothing else.
        config.albums["icons"] = AlbumSettings(placeholder: .color)
        let again = try TestBuild.run(input: input, config: config, output: site.output)
        #expect(try again.image("icons/transparent.png").placeholder?.kind == .color)
        #expect(try again.image("site/Storm.jpg").placeholder == (try site.image("site/Storm.jpg").placeholder))
    }
}
