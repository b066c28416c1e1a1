import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing

/// Clips built among photos: a poster through the still pipeline, video files
/// in the page's `<video>`, a play mark on the card, nothing private in any
/// output; rebuilt only when the clip or the video settings change.
@Suite(.enabled(if: ClipProbe.unavailable == nil, "FFmpeg's libraries are missing: make deps installs them"))
struct ClipBuildTests {
    /// `trip/`: a photo, a phone's upright clip (GPS, a capture date) with a
    /// sidecar, an HDR clip, a damaged clip.
    static func library() throws -> URL {
        let input = try Corpus.scratch("clips")
        let trip = input.appending(path: "trip")
        try FileManager.default.createDirectory(at: trip, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Corpus.photo("nature/Wood.jpg"), to: trip.appending(path: "Wood.jpg"))
        for name in ["upright-phone.mp4", "hdr-hlg.mov", "damaged.mp4"] {
            try FileManager.default.copyItem(atPath: ClipProbeTests.clip(name), toPath: trip.appending(path: name).path)
        }
        try Data("title: On the pier\ncaption: Waves & <gulls>\n".utf8).write(to: trip.appending(path: "upright-phone.mp4.yml"))
        return input
    }

    /// `library()` with an HD clip (two rungs, 720 and 480 lines) beside.
    static func libraryWithPan() throws -> URL {
        let input = try library()
        try FileManager.default.copyItem(atPath: ClipProbeTests.clip("hd-pan.mp4"), toPath: input.appending(path: "trip/hd-pan.mp4").path)
        return input
    }

    /// The `src` and `type` of each `<source>` of the page's `<video>`.
    static func sources(_ page: String) -> [(src: String, type: String)] {
        page.matches(of: /<source src="([^"]+)" type="([^"]+)"/).map { (String($0.1), String($0.2).replacingOccurrences(of: "&quot;", with: "\"")) }
    }

    @Test("a codec that cannot take a clip leaves only itself out: a 60 × 100 clip gets its H.264 file and a warning naming AV1 and why",
          .enabled(if: VideoCodec.av1.encoder == "libsvtav1", "SVT-AV1's 64-pixel side: only where it is the AV1 encoder"))
    func codecLeftOut() throws {
        let input = try Corpus.scratch("tiny")
        try FileManager.default.createDirectory(at: input.appending(path: "trip"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: ClipProbeTests.clip("tiny-upright.mp4"), toPath: input.appending(path: "trip/tiny-upright.mp4").path)
        let output = try Corpus.scratch("site")
        let build = try TestBuild.run(input: input, config: SiteConfig(), output: output)
        let warning = "AV1 left out at 60 × 100: SVT-AV1 takes no side under 64 pixels; no AV1 file is published"
        #expect(build.summary.failed.isEmpty && build.summary.built == 1 && build.summary.warnings == ["trip/tiny-upright.mp4: \(warning)"],
                "\(build.summary.failed) \(build.summary.warnings)")
        let clip = try build.image("trip/tiny-upright.mp4")
        #expect((clip.width, clip.height) == (60, 100) && clip.videos.map(\.format) == [.mp4])
        let page = try AlbumFileSiteTests.page(build, "trip/tiny-upright.html")
        #expect(Self.sources(page).map(\.type).allSatisfy { $0.hasPrefix("video/mp4; codecs=\"avc1") } && Self.sources(page).count == 1)
        #expect(try FFprobe.read(build.url(clip.videos[0])).video?["codec_name"] as? String == "h264")
        // The next build keeps it and says the warning again; asked for AV1 alone, the clip fails saying why.
        let again = try TestBuild.run(input: input, config: SiteConfig(), output: output)
        #expect(again.summary.upToDate == 1 && again.summary.warnings == ["trip/tiny-upright.mp4: \(warning)"])
        var av1 = SiteConfig()
        av1.video.codecs = [.av1]
        let alone = try TestBuild.run(input: input, config: av1)
        #expect(alone.summary.failed.map(\.reason) == ["cannot be made into video files: AV1 left out at 60 × 100: SVT-AV1 takes no side under 64 pixels; no AV1 file is published"])
    }

    @Test("a clip over video.memory is made in passes: the same files, byte for byte, and the same poster as from one decode")
    func passesMakeTheSameFiles() throws {
        let input = try Corpus.scratch("pan")
        try FileManager.default.createDirectory(at: input.appending(path: "trip"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: ClipProbeTests.clip("hd-pan.mp4"), toPath: input.appending(path: "trip/hd-pan.mp4").path)
        var tight = SiteConfig()
        tight.video.memory = 100_000_000
        let info = try ClipProbe.read(ClipProbeTests.clip("hd-pan.mp4"), displayPath: "hd-pan.mp4")
        let ladder = ClipLadder(width: info.width, height: info.height, maxHeight: tight.video.maxHeight)
        let files = ladder.sizes.flatMap { size in tight.video.encodable.map { ($0, size) } }
        let passes = ClipMemory(info: info, top: ladder.sizes[0], threads: 2)
            .passes(files, budget: tight.video.memory) { ClipMemory.encoder($0.0, width: $0.1.width, height: $0.1.height) }
        #expect(files.count == 4 && passes.count >= 2, "\(passes.count) passes")
        let one = try TestBuild.run(input: input, config: SiteConfig())
        let several = try TestBuild.run(input: input, config: tight)
        #expect(one.summary.built == 1 && several.summary.built == 1, "\(several.events)")
        let (a, b) = (try one.image("trip/hd-pan.mp4"), try several.image("trip/hd-pan.mp4"))
        #expect(a.videos.count == 4 && a.videos.map(\.path) == b.videos.map(\.path) && a.stills.map(\.path) == b.stills.map(\.path))
        for (x, y) in zip(a.videos + a.stills, b.videos + b.stills) {
            #expect(try Data(contentsOf: one.url(x)) == Data(contentsOf: several.url(y)), "\(x.path) differs")
        }
    }

    /// The same clip in two albums has the same cache keys and is made by
    /// two lanes at once: once they wrote the same work files, and one
    /// truncated the other's before it was stored ("cannot be finished").
    @Test("the same clip in two albums, made in passes side by side: both built, each with the files one album alone gets")
    func sameClipInTwoAlbums() throws {
        let input = try Corpus.scratch("twice")
        for album in ["a", "b"] {
            try FileManager.default.createDirectory(at: input.appending(path: album), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: ClipProbeTests.clip("hd-pan.mp4"), toPath: input.appending(path: "\(album)/hd-pan.mp4").path)
        }
        let alone = try Corpus.scratch("alone")
        try FileManager.default.createDirectory(at: alone.appending(path: "a"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: ClipProbeTests.clip("hd-pan.mp4"), toPath: alone.appending(path: "a/hd-pan.mp4").path)
        var tight = SiteConfig()
        tight.video.memory = 100_000_000
        let twice = try TestBuild.run(input: input, config: tight)
        let once = try TestBuild.run(input: alone, config: tight)
        #expect(twice.summary.failed.isEmpty && twice.summary.built == 2, "\(twice.summary.failed)")
        let reference = try once.image("a/hd-pan.mp4")
        // Its video files encoded once: the other album's lane waited for them
        // and took them from the cache (its poster's stills may be made twice).
        let stills = once.summary.encodedFiles - reference.videos.count
        #expect(reference.videos.count >= 4 && twice.summary.encodedFiles <= once.summary.encodedFiles + stills,
                "\(twice.summary.encodedFiles) files encoded, \(once.summary.encodedFiles) for one album")
        for album in ["a", "b"] {
            let clip = try twice.image("\(album)/hd-pan.mp4")
            #expect(clip.videos.count == reference.videos.count)
            for (x, y) in zip(clip.videos, reference.videos) {
                #expect(try Data(contentsOf: twice.url(x)) == Data(contentsOf: once.url(y)), "\(x.path) differs")
            }
        }
        // Nothing is left in the work folder.
        let work = CacheFolder(twice.output.deletingLastPathComponent().appending(path: twice.output.lastPathComponent + ".cache")).clipWork
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: work.path)) ?? []).isEmpty)
    }

    @Test("a clip is shown like a photo: its poster's sizes on the card with a play mark and its length, its page a <video> of its files")
    func clipsAmongPhotos() throws {
        var config = SiteConfig()
        config.baseURL = "https://example.org/"
        let build = try TestBuild.run(input: Self.library(), config: config)
        #expect(build.summary.built == 3, "\(build.events)")
        let damaged = try #require(build.summary.failed.first)
        #expect(build.summary.failed.count == 1 && damaged.path == "trip/damaged.mp4" && damaged.reason.hasPrefix("cannot be read as a video"))
        let clip = try build.image("trip/upright-phone.mp4")
        #expect((clip.width, clip.height) == (270, 480) && clip.clip?.sound == true && abs((clip.clip?.seconds ?? 0) - 2) < 0.1)
        #expect(clip.metadata.captureDate == "2024-06-01T10:20:30" && clip.metadata.title == "On the pier")
        #expect(clip.videos.map(\.format) == [.av1, .mp4] && clip.stills.allSatisfy { $0.width <= 270 } && clip.placeholder != nil)
        let page = try AlbumFileSiteTests.page(build, "trip/upright-phone.html")
        #expect(page.contains("<video controls playsinline preload=\"none\" poster=\"../trip/_img/upright-phone-270."))
        #expect(page.contains("width=\"270\" height=\"480\"") && page.contains("Waves &amp; &lt;gulls&gt;"))
        let sources = Self.sources(page)
        #expect(sources.count == 2)
        for source in sources {
            let file = build.output.appending(path: "trip").appending(path: source.src)
            let video = try #require(try FFprobe.read(file).video)
            if source.type.contains("avc1") {
                #expect(video["codec_name"] as? String == "h264" && source.type == "video/mp4; codecs=\"avc1.64001E,mp4a.40.2\"")
                #expect(video["profile"] as? String == "High" && video["level"] as? Int == 30)
            } else {
                #expect(video["codec_name"] as? String == "av1" && source.type.hasPrefix("video/mp4; codecs=\"av01.0."))
            }
        }
        // The HDR clip is silent: no sound codec in its types.
        #expect(Self.sources(try AlbumFileSiteTests.page(build, "trip/hdr-hlg.html")).allSatisfy { !$0.type.contains("mp4a") })
        let album = try AlbumFileSiteTests.page(build, "trip/index.html")
        #expect(album.contains("<span class=\"clip\"><span aria-hidden=\"true\">▶</span> <span class=\"visually-hidden\">Video, </span>0:02</span>"))
        // Nothing of the clip's location anywhere, in any file.
        let files = try FileManager.default.subpathsOfDirectory(atPath: build.output.path).map { build.output.appending(path: $0) }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
        for file in files {
            let data = try Data(contentsOf: file)
            #expect(data.firstRange(of: Data("57.2000".utf8)) == nil && data.firstRange(of: Data("ISO6709".utf8)) == nil, "\(file.lastPathComponent)")
        }
        let tags = try ExifTool.tags(of: files.filter { ["mp4", "jpg"].contains($0.pathExtension) })
        for (file, fileTags) in tags {
            #expect(fileTags.keys.allSatisfy { !$0.contains("GPS") && !$0.contains("Location") && !$0.contains("Make") && !$0.contains("Model") }, "\(file)")
        }
    }

    @Test("a no-op build decodes no clip; a changed video setting makes the clips again, not the photos; video: false skips them")
    func rebuilds() throws {
        let input = try Self.library()
        let first = try TestBuild.run(input: input)
        let again = try TestBuild.run(input: input, output: first.output)
        #expect(again.summary.built == 0 && again.summary.upToDate == 3 && again.summary.encodedFiles == 0 && again.summary.sourcesRead <= 1,
                "\(again.events)")
        var config = SiteConfig()
        config.video.audio = .drop
        config.video.codecs = [.h264]
        let silent = try TestBuild.run(input: input, config: config, output: first.output)
        #expect(Set(silent.events.filter { $0.hasPrefix("built") }) == ["built trip/upright-phone.mp4", "built trip/hdr-hlg.mov"], "\(silent.events)")
        let clip = try silent.image("trip/upright-phone.mp4")
        #expect(clip.videos.map(\.format) == [.mp4] && clip.clip?.sound == false)
        #expect(try FFprobe.read(silent.url(clip.videos[0])).audio == nil)
        // The AV1 file of the build before is gone from the site.
        let left = try FileManager.default.contentsOfDirectory(atPath: silent.output.appending(path: "trip/_img").path).filter { $0.contains("-av1.") }
        #expect(left.isEmpty, "\(left)")
        config.video.enabled = false
        let skipped = try TestBuild.run(input: input, config: config)
        #expect(skipped.summary.built == 1 && skipped.summary.failed.isEmpty)
        #expect(skipped.summary.skipped.filter { $0.kind == .video }.map(\.relativePath).sorted() == ["trip/damaged.mp4", "trip/hdr-hlg.mov", "trip/upright-phone.mp4"])
        #expect(skipped.summary.skipped.allSatisfy { $0.kind != .video || $0.reason == "a video clip; video: false leaves clips out" })
    }

    @Test("a Live Photo (a photo and a .mov of its name: Apple's identifier, or 4 s at most) is its photo; an .mp4 beside a photo is a clip")
    func livePhotos() throws {
        let build = try TestBuild.run(input: try LivePhotoMotionTests.library())
        #expect(build.summary.built == 4 && build.summary.failed.isEmpty, "\(build.events)")
        let motions = build.summary.skipped.filter { $0.kind == .motion }
        #expect(motions.map(\.relativePath).sorted() == ["a/IMG_0001.MOV", "a/IMG_0002.mov"])
        #expect(motions.allSatisfy { $0.reason.hasPrefix("the motion of a Live Photo, shown as its photo IMG_000") }, "\(motions.map(\.reason))")
        #expect(try build.image("a/Dune.mp4").clip != nil && build.image("a/Dune.jpg").clip == nil)
        let pages = try FileManager.default.contentsOfDirectory(atPath: build.output.appending(path: "a").path).filter { $0.hasSuffix(".html") }
        #expect(pages.count == 5, "a page each for the three photos and the clip, and the album's: \(pages)")
    }

    @Test("downloads: original offers each clip's own file in its own container: its streams copied, upright, without its location")
    func originals() throws {
        let input = try Self.library()
        for name in ["variable-rate.webm", "theora.ogv"] {
            try FileManager.default.copyItem(atPath: ClipProbeTests.clip(name), toPath: input.appending(path: "trip/\(name)").path)
        }
        var config = SiteConfig()
        config.downloads = .original
        let build = try TestBuild.run(input: input, config: config)
        #expect(build.summary.built == 5, "\(build.events)")
        let containers = ["upright-phone.mp4": "mov,mp4,m4a,3gp,3g2,mj2", "hdr-hlg.mov": "mov,mp4,m4a,3gp,3g2,mj2",
                          "variable-rate.webm": "matroska,webm", "theora.ogv": "ogg"]
        var originals: [URL] = []
        for (name, container) in containers {
            let page = try AlbumFileSiteTests.page(build, "trip/\((name as NSString).deletingPathExtension).html")
            let link = try #require(page.firstMatch(of: /<a href="\.\.\/([^"]+)" download="([^"]+)">Download the original<\/a>/), "\(name)")
            #expect(String(link.2) == name && link.1.hasSuffix("." + (name as NSString).pathExtension))
            let file = build.output.appending(path: String(link.1))
            originals.append(file)
            let (own, source) = (try FFprobe.read(file), try FFprobe.read(URL(fileURLWithPath: ClipProbeTests.clip(name))))
            #expect(own.format["format_name"] as? String == container, "\(name)")
            #expect(own.streams.count == source.streams.filter { ["video", "audio"].contains($0["codec_type"] as? String) }.count, "\(name)")
            for key in ["codec_name", "width", "height", "codec_tag_string"] {
                let (mine, theirs) = (own.video.map { "\($0[key] ?? "")" }, source.video.map { "\($0[key] ?? "")" })
                #expect(mine == theirs, "\(name) \(key)")
            }
            let sounds = (own.audio.map { "\($0["codec_name"] ?? "")" }, source.audio.map { "\($0["codec_name"] ?? "")" })
            #expect(sounds.0 == sounds.1, "\(name)")
        }
        // The phone's clip stays upright: its rotation is the picture's, copied.
        let phone = try FFprobe.read(originals[originals.firstIndex { $0.pathExtension == "mp4" }!]).video
        #expect((phone?["side_data_list"] as? [[String: Any]])?.first?["rotation"] as? Int == -90)
        for file in originals {
            let data = try Data(contentsOf: file)
            #expect(data.firstRange(of: Data("57.2000".utf8)) == nil && data.firstRange(of: Data("ISO6709".utf8)) == nil, "\(file.lastPathComponent)")
        }
        for (file, tags) in try ExifTool.tags(of: originals) {
            #expect(tags.keys.allSatisfy { !$0.contains("GPS") && !$0.contains("Location") && !$0.contains("Make") && !$0.contains("Model") }, "\(file)")
        }
        let again = try TestBuild.run(input: input, config: config, output: build.output)
        #expect(again.summary.built == 0 && again.summary.encodedFiles == 0, "\(again.events)")
    }

    /// Found by the rebuild walk (seed 265419): the WebM's original, made
    /// while it was `.webm`, was served from the cache once the same bytes
    /// were named `.ogv`, where a clean build finds no Ogg form for VP9.
    @Test("a clip's original follows its container: the same bytes renamed .ogv rebuild as a clean build does")
    func originalFollowsContainer() throws {
        let input = try Self.library()
        let clip = input.appending(path: "trip/clip.webm")
        try FileManager.default.copyItem(atPath: ClipProbeTests.clip("variable-rate.webm"), toPath: clip.path)
        var config = SiteConfig()
        config.downloads = .original
        let first = try TestBuild.run(input: input, config: config)
        #expect(try first.image("trip/clip.webm").variants.contains { $0.role == .original && $0.path.hasSuffix(".webm") })
        try FileManager.default.moveItem(at: clip, to: input.appending(path: "trip/clip.ogv"))
        let rebuilt = try TestBuild.run(input: input, config: config, output: first.output)
        let clean = try TestBuild.run(input: input, config: config)
        let original = { (build: TestBuild) in try build.image("trip/clip.ogv").variants.filter { $0.role == .original }.map(\.path) }
        let (fromRebuild, fromClean) = (try original(rebuilt), try original(clean))
        #expect(fromRebuild == fromClean, "rebuilt \(fromRebuild), clean \(fromClean)")
        #expect(fromClean.isEmpty, "VP9 has no Ogg form: the largest MP4 is offered")
    }

    @Test("a site budget counts clips' video files: the plan predicts the built site; one too small names the clips and video.codecs")
    func budgets() throws {
        let input = try Self.libraryWithPan()
        var config = SiteConfig()
        config.budgets.site = 3_000_000
        let build = try TestBuild.run(input: input, config: config)
        let report = try #require(build.summary.budget)
        let videos = try ["trip/upright-phone.mp4", "trip/hdr-hlg.mov", "trip/hd-pan.mp4"].map { try build.image($0).videos.reduce(0) { $0 + $1.bytes } }
        #expect(videos.reduce(0, +) > report.predictedBytes / 3, "the clips' files are much of this site")
        #expect(abs(try #require(report.bytesError)) < 0.15, "predicted \(report.predictedBytes), built \(report.builtBytes ?? 0)")
        config.budgets.site = 300_000
        do {
            _ = try TestBuild.run(input: input, config: config)
            Issue.record("300 KB for three clips was built")
        } catch let error as BuildError {
            #expect(error.reason.contains("cannot hold 1 photo and 3 clips") || error.reason.contains("cannot hold 1 photo and 4 clips"), "\(error.reason)")
            #expect(error.reason.contains("; the heaviest clips: trip/hd-pan.mp4 "), "\(error.reason)")
            #expect(error.reason.contains("or set video.codecs: [h264] (then at least "), "\(error.reason)")
        }
    }

    @Test("a site budget lowers the clips' height and quality as its moves: files and posters at the lower height, within the budget, a rebuild encodes nothing")
    func budgetMovesClips() throws {
        let input = try Self.libraryWithPan()
        var config = SiteConfig()
        config.budgets.site = 1_000_000
        let build = try TestBuild.run(input: input, config: config)
        let report = try #require(build.summary.budget)
        let gaveUp = report.gaveUp.map(\.setting)
        #expect(gaveUp.contains("video.max_height 480"), "\(gaveUp)")
        #expect(try #require(report.builtBytes) <= 1_000_000 && abs(try #require(report.bytesError)) < 0.1, "\(report.line)")
        let pan = try build.image("trip/hd-pan.mp4")
        #expect(!pan.videos.isEmpty && pan.videos.allSatisfy { min($0.width, $0.height) <= 480 }, "\(pan.videos.map(\.path))")
        #expect(pan.stills.allSatisfy { $0.width <= 854 }, "the poster is made at the files' height: \(pan.stills.map(\.width))")
        for video in pan.videos {
            let stream = try #require(try FFprobe.read(build.url(video)).video)
            #expect(stream["height"] as? Int == video.height, "\(video.path)")
        }
        let again = try TestBuild.run(input: input, config: config, output: build.output)
        #expect(again.summary.built == 0 && again.summary.encodedFiles == 0, "\(again.events)")
        // Without the budget the site's own settings come back: the 720p files again.
        let free = try TestBuild.run(input: input, output: build.output)
        #expect(try free.image("trip/hd-pan.mp4").videos.contains { $0.height == 720 })
    }

    @Test("clips built on two shards and merged: the site one machine makes (same files, same pages)")
    func shards() throws {
        let input = try Self.library()
        let single = try Corpus.scratch("clips-single")
        _ = try ShardTests.build(input, mode: .site, output: single)
        var shards: [URL] = []
        for index in 1...2 {
            let folder = try Corpus.scratch("clips-shard")
            _ = try ShardTests.build(input, mode: .shard(Shard(index: index, count: 2)!), output: folder)
            shards.append(folder)
        }
        let merged = try Corpus.scratch("clips-merged")
        let (summary, _) = try ShardTests.build(input, mode: .merge(shards), output: merged)
        #expect(summary.built == 0 && summary.encodedFiles == 0 && summary.failed.map(\.path) == ["trip/damaged.mp4"])
        let (a, b) = (try FolderTree.read(single), try FolderTree.read(merged))
        #expect(Set(a.keys) == Set(b.keys), "\(Set(a.keys).symmetricDifference(b.keys))")
        #expect(a.keys.filter { $0.hasSuffix(".mp4") }.count == 4)
        for page in a.keys where page.hasSuffix(".html") { #expect(a[page] == b[page], "\(page)") }
    }
}
