@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing

@Suite struct SiteConfigTests {
    @Test func readsEveryKey() throws {
        let config = try SiteConfig.parse(yaml: """
            version: 1
            title: Holidays
            widths: [480, 960]
            max_width: 2048
            width_step: 1.17
            wide_width_step: 1.35
            formats: [jpeg, webp, avif]
            jpeg: { quality: 92, chroma_subsampling: "4:2:0", progressive_min_width: 300, widths: all }
            webp: { quality: 70, effort: 5, large_effort: 3, dense_quality: 40, dense_effort: 1 }
            avif: { quality: 45, effort: 2, dense_quality: 55 }
            dense_format: webp
            jxl: { quality: 70, effort: 3 }
            metadata: keep-copyright
            templates: theme
            pixel_limit: 50000000
            placeholder: none
            albums:
              icons: { placeholder: color }
              travel/2019/: { placeholder: lqip }
            animated: { memory_budget: 12.5 MB, min_integrity: 0.75, outputs: [webp] }
            """, file: "imgsite.yml")
        #expect(config.title == "Holidays")
        #expect(config.widths == .fixed([480, 960]))
        #expect(config.maxWidth == 2048 && config.pixelLimit == 50_000_000)
        #expect(config.widthStep == 1.17 && config.wideWidthStep == 1.35)
        #expect(SiteConfig().widthStep == 1.2 && SiteConfig().wideWidthStep == nil, "1.4 above 1,600 px, from the planner")
        #expect(config.formats == [.jpeg, .webp, .avif])
        #expect(config.jpeg.quality == 92 && config.jpeg.subsample420 && config.jpeg.progressiveMinWidth == 300 && config.jpeg.widths == .all)
        #expect(SiteConfig().jpeg.widths == .fallback, "beside WebP, JPEG is a fallback at a few widths")
        #expect(config.webp == CodecSettings(quality: 70, effort: 5, largeEffort: 3, dense: .init(quality: 40, effort: 1)))
        #expect(config.avif == CodecSettings(quality: 45, effort: 2, dense: .init(quality: 55, effort: 0)))
        #expect(config.denseFormat == .webp)
        #expect(try SiteConfig.parse(yaml: "dense_format: false\n", file: "imgsite.yml").denseFormat == nil)
        #expect(try SiteConfig.parse(yaml: "dense_format: no\n", file: "imgsite.yml").denseFormat == nil, "YAML's other false")
        #expect(config.webp.effort(width: 1600) == 5 && config.webp.effort(width: 1601) == 3)
        #expect(config.metadata == .keepCopyright && config.templates == "theme" && config.placeholder == PlaceholderKind.none)
        #expect(config.albums == ["icons": AlbumSettings(placeholder: .color), "travel/2019": AlbumSettings(placeholder: .lqip)])
        #expect(config.placeholderPolicy.kind(forSource: "travel/2019/a.jpg") == .lqip)
        #expect(config.animated.memoryBudget == 12_500_000 && config.animated.minIntegrity == 0.75 && config.animated.outputs == [.webp])
    }

    @Test("video.quality: standard by default, low and lowest in the clips' settings key")
    func videoQuality() throws {
        let low = try SiteConfig.parse(yaml: "video: { quality: low, max_height: 720 }\n", file: "imgsite.yml").video
        #expect(low.quality == .low && low.maxHeight == 720 && SiteConfig().video.quality == .standard)
        #expect(low.key != { var standard = low; standard.quality = .standard; return standard.key }())
        #expect(VideoCodec.options(encoder: "libx264", width: 1280, height: 720, frameRate: 30, quality: .low).contains("crf=27"))
        #expect(VideoCodec.options(encoder: "libsvtav1", width: 1280, height: 720, frameRate: 30, quality: .lowest).contains("crf=47"))
        #expect(VideoCodec.openH264Rate(width: 1280, height: 720, frameRate: 30, quality: .standard) == 950_000)
        #expect(VideoCodec.openH264Rate(width: 1920, height: 1080, frameRate: 60, quality: .low) == 1_995_000)
    }

    @Test("video.memory: 560 MB by default, a size of at least 100 MB, not in the clips' settings key (passes make the same bytes)")
    func videoMemory() throws {
        let small = try SiteConfig.parse(yaml: "video: { memory: 300 MB }\n", file: "imgsite.yml").video
        #expect(small.memory == 300_000_000 && SiteConfig().video.memory == 560_000_000 && small.key == SiteConfig().video.key)
        for (yaml, reason) in [("video: { memory: 50 MB }\n", "at least 100 MB"), ("video: { memory: lots }\n", "size with its unit")] {
            #expect {
                try SiteConfig.parse(yaml: yaml, file: "imgsite.yml")
            } throws: { "\($0)".contains("video.memory") && "\($0)".contains(reason) }
        }
    }

    @Test func emptyFileIsDefaults() throws {
        #expect(try SiteConfig.parse(yaml: "", file: "imgsite.yml") == SiteConfig())
        #expect(SiteConfig().placeholder == .thumbhash)
    }

    @Test("errors name the key and the line", arguments: [
        ("title: x\ncolour: red\n", "colour", 2, "not a known key"),
        ("jpeg:\n  quality: high\n", "jpeg.quality", 2, "whole number"),
        ("jpeg:\n  qualty: 80\n", "jpeg.qualty", 2, "not a known key"),
        ("webp: { quality: 101 }\n", "webp.quality", 1, "between 1 and 100"),
        ("webp: { large_effort: 7 }\n", "webp.large_effort", 1, "between 0 and 6"),
        ("avif: { large_effort: 2 }\n", "avif.large_effort", 1, "not a known key"),
        ("webp: { dense_quality: 0 }\n", "webp.dense_quality", 1, "between 1 and 100"),
        ("webp: { dense_quality: false }\n", "webp.dense_quality", 1, "whole number"),
        ("avif: { dense_effort: 10 }\n", "avif.dense_effort", 1, "between 0 and 9"),
        ("dense_format: jxl\n", "dense_format", 1, "must be avif, webp or false"),
        ("dense_format: jpeg\n", "dense_format", 1, "must be avif, webp or false"),
        ("jxl: { dense_quality: 50 }\n", "jxl.dense_quality", 1, "not a known key"),
        ("formats: [webp]\n", "formats", 1, "must include jpeg"),
        ("formats: [jpeg, gif]\n", "formats", 1, "animated.outputs"),
        ("formats: [jpeg, png]\n", "formats", 1, "one of jpeg, webp, avif, jxl"),
        ("animated: { memory_budget: 24 }\n", "animated.memory_budget", 1, "24 MB"),
        ("animated: { outputs: [jpeg] }\n", "animated.outputs", 1, "webp, gif or both"),
        ("animated: { frames: 3 }\n", "animated.frames", 1, "min_integrity"),
        ("widths: big\n", "widths", 1, "auto"),
        ("width_step: 1.05\n", "width_step", 1, "between 1.1 and 2.0"),
        ("title: x\nwide_width_step: 3\n", "wide_width_step", 2, "between 1.1 and 2.0"),
        ("metadata: everything\n", "metadata", 1, "one of"),
        ("version: 2\n", "version", 1, "reads version 1"),
        ("jpeg: { chroma_subsampling: \"4:2:2\" }\n", "jpeg.chroma_subsampling", 1, "4:4:4"),
        ("jpeg: { widths: [480] }\n", "jpeg.widths", 1, "must be fallback, one or all"),
        ("placeholder: blur\n", "placeholder", 1, "one of thumbhash, blurhash, grid, lqip, color, css, none"),
        ("albums:\n  icons: { placeholder: webp }\n", "albums.icons.placeholder", 2, "one of thumbhash"),
        ("albums:\n  icons: { widths: [100] }\n", "albums.icons.widths", 2, "not a known key"),
        ("albums:\n  ../up: { placeholder: css }\n", "albums", 2, "relative to the input folder"),
        ("albums: [icons]\n", "albums", 1, "mapping"),
        ("video: { quality: best }\n", "video.quality", 1, "one of standard, low, lowest"),
    ])
    func errors(_ yaml: String, _ key: String, _ line: Int, _ words: String) {
        do {
            _ = try SiteConfig.parse(yaml: yaml, file: "imgsite.yml")
            Issue.record("no error for \(yaml)")
        } catch let error as ConfigError {
            #expect(error.key == key)
            #expect(error.line == line)
            #expect(error.description.contains(words), "\(error)")
            #expect(error.column != nil && error.description.hasPrefix("imgsite.yml:\(line):\(error.column ?? 0): '\(key)'"), "\(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("invalid YAML is named where the mistake is: an unclosed bracket or quote where it opens", arguments: [
        ("title: [unclosed\n", "f.yml:1:8: is not valid YAML: did not find expected ',' or ']' (while parsing a flow sequence that starts here)"),
        ("version: 1\nmax_width: 2000\ntitle: \"Holidays\nwidths: auto\n",
         "f.yml:3:8: is not valid YAML: found unexpected end of stream (while scanning a quoted scalar that starts here)"),
        ("title: a\n  widths: auto\n", "f.yml:2:9: is not valid YAML: mapping values are not allowed in this context"),
    ])
    func invalidYAMLPlace(yaml: String, message: String) {
        #expect(throws: ConfigError.self) { try SiteConfig.parse(yaml: yaml, file: "f.yml") }
        do {
            _ = try SiteConfig.parse(yaml: yaml, file: "f.yml")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("an unknown key names the one it likely meant")
    func didYouMean() {
        do {
            _ = try SiteConfig.parse(yaml: "title: x\nalbums:\n  trip: { hiden: true }\n", file: "imgsite.yml")
            Issue.record("an unknown key is refused")
        } catch {
            #expect(error.description.hasPrefix("imgsite.yml:3:11: 'albums.trip.hiden' is not a known key; did you mean 'hidden'? (known: "), "\(error)")
        }
    }

    @Test("did you mean: case, a typo, a transposition, a prefix; nothing for a word far from every key", arguments: [
        ("descripton", "description"), ("captoin", "caption"), ("Hidden", "hidden"), ("hide", "hidden"), ("exlcude", "exclude"),
        ("album-order", "album_order"), ("titel", "title"), ("privat", "private"), ("colour", nil), ("x", nil), ("secret", nil),
    ] as [(String, String?)])
    func suggestion(typed: String, meant: String?) {
        #expect(KeySuggestion.nearest(to: typed, among: AlbumFile.keys + Sidecar.keys) == meant)
    }
}
