import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing

/// `live_photos: motion`: a Live Photo's `.mov` published with its still as
/// muted files on the ladder, played on the photo's page; `still` leaves it out.
@Suite(.enabled(if: ClipProbe.unavailable == nil, "FFmpeg's libraries are missing: make deps installs them"))
struct LivePhotoMotionTests {
    /// `a/`: two Live Photos (a short clip with Apple's identifier, an HDR
    /// one of 2 s) and a photo beside a longer .mp4 (a clip of its own).
    static func library() throws -> URL {
        let input = try Corpus.scratch("live-motion")
        let album = input.appending(path: "a")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        let files = [(Corpus.photo("nature/Wood.jpg").path, "IMG_0001.JPG"), (ClipProbeTests.clip("live-photo.mov"), "IMG_0001.MOV"),
                     (Corpus.photo("nature/Storm.jpg").path, "IMG_0002.jpg"), (ClipProbeTests.clip("hdr-hlg.mov"), "IMG_0002.mov"),
                     (Corpus.photo("nature/Dune.jpg").path, "Dune.jpg"), (ClipProbeTests.clip("hd-pan.mp4"), "Dune.mp4")]
        for (from, name) in files { try FileManager.default.copyItem(atPath: from, toPath: album.appending(path: name).path) }
        return input
    }

    static var motion: SiteConfig {
        var config = SiteConfig()
        config.video.livePhotos = .motion
        return config
    }

    @Test("under motion a Live Photo's .mov becomes its photo's muted files (both codecs, upright, SDR, no location) and a looping player on its page")
    func publishesMotion() throws {
        let input = try Self.library()
        let build = try TestBuild.run(input: input, config: Self.motion)
        #expect(build.summary.built == 4 && build.summary.failed.isEmpty, "\(build.events)")
        #expect(build.summary.skipped.filter { $0.kind == .video || $0.kind == .motion }.isEmpty, "the motion is published, not skipped")
        for name in ["a/IMG_0001.JPG", "a/IMG_0002.jpg"] {
            let photo = try build.image(name)
            #expect(photo.clip == nil && photo.videos.isEmpty, "\(name) is a photo, not a clip")
            #expect(Set(photo.motion.map(\.format)) == [.mp4, .av1], "\(name): \(photo.motion.map(\.path))")
            for file in photo.motion {
                let report = try FFprobe.read(build.url(file))
                #expect(report.audio == nil, "\(file.path) is muted")
                let stream = try #require(report.video)
                #expect(stream["width"] as? Int == file.width && stream["height"] as? Int == file.height, "\(file.path)")
                #expect(file.path.contains("-live-"), "\(file.path)")
                if name.hasSuffix("0002.jpg") { #expect(stream["color_transfer"] as? String == "bt709", "\(file.path) is tone-mapped") }
            }
            for (file, tags) in try ExifTool.tags(of: photo.motion.map(build.url)) {
                #expect(tags.keys.allSatisfy { !$0.contains("GPS") && !$0.contains("Location") && !$0.contains("Make") && !$0.contains("Model") }, "\(file)")
            }
        }
        #expect(try build.image("a/Dune.mp4").clip != nil && build.image("a/Dune.jpg").motion.isEmpty)
        let page = try AlbumFileSiteTests.page(build, "a/img-0001.html")
        let player = try #require(page.firstMatch(of: /<video class="motion" muted loop playsinline preload="none" hidden width="\d+" height="\d+"[^>]*>([\s\S]*?)<\/video>/))
        let sources = ClipBuildTests.sources(String(player.0))
        #expect(sources.count == 2 && sources[0].type.contains("av01") && sources[1].type.contains("avc1"), "\(sources)")
        #expect(sources.allSatisfy { !$0.type.contains("mp4a") }, "muted: no sound in its types")
        #expect(page.contains("<button type=\"button\" class=\"motion-toggle\" hidden aria-pressed=\"false\">Live</button>"))
        #expect(!(try AlbumFileSiteTests.page(build, "a/dune.html")).contains("class=\"motion\""))
    }

    @Test("a rebuild encodes nothing; back to still, the motion files leave the site and the .mov is said skipped again")
    func rebuilds() throws {
        let input = try Self.library()
        let first = try TestBuild.run(input: input, config: Self.motion)
        let motionFiles = try first.image("a/IMG_0001.JPG").motion
        let again = try TestBuild.run(input: input, config: Self.motion, output: first.output)
        #expect(again.summary.built == 0 && again.summary.encodedFiles == 0, "\(again.events)")
        let still = try TestBuild.run(input: input, output: first.output)
        #expect(try still.image("a/IMG_0001.JPG").motion.isEmpty)
        #expect(motionFiles.allSatisfy { !FileManager.default.fileExists(atPath: still.url($0).path) }, "pruned")
        #expect(still.summary.skipped.filter { $0.kind == .motion }.map(\.relativePath).sorted() == ["a/IMG_0001.MOV", "a/IMG_0002.mov"])
        #expect(!(try AlbumFileSiteTests.page(still, "a/img-0001.html")).contains("class=\"motion\""))
        // A changed motion file makes its photo again (its stills from the cache).
        try FileManager.default.removeItem(at: input.appending(path: "a/IMG_0001.MOV"))
        try FileManager.default.copyItem(atPath: ClipProbeTests.clip("fade-in.mp4"), toPath: input.appending(path: "a/IMG_0001.MOV").path)
        let edited = try TestBuild.run(input: input, config: Self.motion, output: first.output)
        #expect(edited.events.contains("built a/IMG_0001.JPG"), "\(edited.events)")
        #expect(try edited.image("a/IMG_0001.JPG").motion.map(\.path) != motionFiles.map(\.path))
    }

    @Test("a site budget counts the motion files: the plan predicts the built site")
    func budgets() throws {
        let input = try Self.library()
        var config = Self.motion
        config.budgets.site = 20_000_000
        let build = try TestBuild.run(input: input, config: config)
        let report = try #require(build.summary.budget)
        #expect(abs(try #require(report.bytesError)) < 0.15, "predicted \(report.predictedBytes), built \(report.builtBytes ?? 0)")
        var still = SiteConfig()
        still.budgets.site = 20_000_000
        let without = try #require(try TestBuild.run(input: input, config: still).summary.budget)
        #expect(report.predictedBytes > without.predictedBytes, "motion adds to the plan: \(report.predictedBytes) vs \(without.predictedBytes)")
    }
}
