import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing

/// Clips decoded once into every video file and a poster (`ClipTranscoder`),
/// the files read back with ffprobe and exiftool.
@Suite(.enabled(if: ClipProbe.unavailable == nil, "FFmpeg's libraries are missing: make deps installs them"), .tags(.memory))
struct ClipTranscoderTests {
    /// Transcodes corpus clip `name` at its own size into each codec; the outputs, the poster and the folder.
    static func transcode(_ name: String, codecs: [VideoCodec] = [.h264, .av1], audio: Bool = true, posterAt: Double? = nil, threads: Int = 2)
        throws -> (outputs: [URL], poster: ClipTranscoder.Poster, folder: URL)
    {
        let folder = try Corpus.scratch("transcode-\(name)")
        let info = try ClipProbeTests.read(name)
        let outputs = codecs.map { codec in
            ClipTranscoder.Output(codec: codec, width: info.width, height: info.height, path: folder.appending(path: "\(codec).mp4").path)
        }
        let settings = ClipTranscoder.Settings(
            width: info.width, height: info.height, rotation: info.rotation, transfer: info.transfer, frameRate: info.frameRate,
            audioBitrate: audio ? 96_000 : 0, posterAt: posterAt, threads: threads)
        let poster = try ClipTranscoder.transcode(ClipProbeTests.clip(name), displayPath: name, outputs: outputs, settings: settings)
        return (outputs.map { URL(fileURLWithPath: $0.path) }, poster, folder)
    }

    /// Mean luma of the poster's pixels (0–255).
    static func brightness(_ poster: ClipTranscoder.Poster) -> Double {
        var sum = 0.0
        for pixel in stride(from: 0, to: poster.rgba.count, by: 4) {
            sum += 0.2126 * Double(poster.rgba[pixel]) + 0.7152 * Double(poster.rgba[pixel + 1]) + 0.0722 * Double(poster.rgba[pixel + 2])
        }
        return sum / Double(poster.rgba.count / 4)
    }

    @Test("the same files whatever the lanes: a clip transcoded on one thread and on three makes the same bytes (x264's depend on its threads)")
    func sameBytesWhateverTheLanes() throws {
        let one = try Self.transcode("hd-pan.mp4", threads: 1)
        let three = try Self.transcode("hd-pan.mp4", threads: 3)
        for (a, b) in zip(one.outputs, three.outputs) {
            #expect(try Data(contentsOf: a) == Data(contentsOf: b), "\(a.lastPathComponent)")
        }
    }

    @Test("the same files after other work: a clip with sound transcoded on a heap left dirty makes the same bytes (x264 reads memory it never wrote)")
    func sameBytesOnADirtyHeap() throws {
        let first = try Data(contentsOf: Self.transcode("variable-rate.webm", codecs: [.h264]).outputs[0])
        for round in 0..<3 {
            // What a build's other work leaves behind: blocks of every size, written and freed.
            var blocks: [UnsafeMutableRawPointer] = []
            for size in stride(from: 64, to: 600_000, by: 997) {
                let block = malloc(size)!
                memset(block, Int32(truncatingIfNeeded: size &* 31 &+ round), size)
                blocks.append(block)
            }
            for block in blocks.shuffled() { free(block) }
            let again = try Data(contentsOf: Self.transcode("variable-rate.webm", codecs: [.h264]).outputs[0])
            #expect(again == first, "round \(round): \(again.count) bytes, first \(first.count)")
        }
    }

    @Test("a clip's own file rewritten (remux): its streams copied into its container, upright, without its location; a damaged one leaves nothing")
    func remux() throws {
        let folder = try Corpus.scratch("remux")
        let target = folder.appending(path: "phone.mp4")
        try ClipRemux.remux(ClipProbeTests.clip("upright-phone.mp4"), to: target.path, displayPath: "upright-phone.mp4")
        let report = try FFprobe.read(target)
        #expect(report.video?["codec_name"] as? String == "h264" && report.audio?["codec_name"] as? String == "aac")
        #expect((report.video?["side_data_list"] as? [[String: Any]])?.first?["rotation"] as? Int == -90)
        #expect(try Data(contentsOf: target).firstRange(of: Data("57.2000".utf8)) == nil)
        let broken = folder.appending(path: "damaged.mp4")
        #expect(throws: BuildError.self) { try ClipRemux.remux(ClipProbeTests.clip("damaged.mp4"), to: broken.path, displayPath: "damaged.mp4") }
        #expect(!FileManager.default.fileExists(atPath: broken.path))
    }

    @Test("a phone's upright clip: H.264 High and AV1 in MP4, turned upright (no display matrix left), 4:2:0, index first, AAC sound; no location")
    func uprightPhone() throws {
        let (outputs, poster, folder) = try Self.transcode("upright-phone.mp4")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (file, codec) in zip(outputs, ["h264", "av1"]) {
            let report = try FFprobe.read(file)
            let video = try #require(report.video)
            #expect(video["codec_name"] as? String == codec)
            #expect((video["width"] as? Int, video["height"] as? Int) == (270, 480))
            #expect(video["pix_fmt"] as? String == "yuv420p")
            #expect(video["side_data_list"] == nil, "a display matrix was kept: \(video)")
            if codec == "h264" { #expect(video["profile"] as? String == "High" && video["level"] as? Int == 30) }
            let audio = try #require(report.audio)
            #expect(audio["codec_name"] as? String == "aac" && audio["sample_rate"] as? String == "48000" && audio["channels"] as? Int == 2)
            #expect(try FFprobe.indexFirst(file))
            let duration = Double(report.format["duration"] as? String ?? "") ?? 0
            #expect(abs(duration - 2) < 0.15, "\(duration)")
            let tags = try ExifTool.tags(of: file)
            let leaked = tags.filter { $0.key.contains("GPS") || $0.key.contains("Location") || $0.value.contains("57.2") || $0.key.contains("CreationDate") }
            #expect(leaked.isEmpty, "\(leaked)")
            let container = report.format["tags"] as? [String: Any] ?? [:]
            #expect(container["location"] == nil && container["creation_time"] == nil, "\(container)")
        }
        #expect((poster.width, poster.height) == (270, 480) && poster.rgba.count == 270 * 480 * 4)
        #expect(Self.brightness(poster) > 30)
    }

    @Test("an HDR clip (HEVC 10-bit HLG) is tone mapped: 8-bit BT.709 SDR, not grey or dark")
    func hdr() throws {
        let (outputs, poster, folder) = try Self.transcode("hdr-hlg.mov", codecs: [.h264])
        defer { try? FileManager.default.removeItem(at: folder) }
        let video = try #require(try FFprobe.read(outputs[0]).video)
        #expect(video["pix_fmt"] as? String == "yuv420p")
        #expect(video["color_transfer"] as? String == "bt709" && video["color_primaries"] as? String == "bt709")
        #expect((video["width"] as? Int, video["height"] as? Int) == (480, 270))
        #expect(try FFprobe.read(outputs[0]).audio == nil)
        let brightness = Self.brightness(poster)
        #expect(brightness > 40 && brightness < 220, "\(brightness)")
    }

    @Test("variable frame rate is kept: the frames' uneven times, no frame added or dropped; VP9 and Opus in, H.264 and AAC out")
    func variableRate() throws {
        let (outputs, _, folder) = try Self.transcode("variable-rate.webm", codecs: [.h264])
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try FFprobe.frameTimes(URL(fileURLWithPath: ClipProbeTests.clip("variable-rate.webm")))
        let times = try FFprobe.frameTimes(outputs[0])
        #expect(times.count == source.count, "\(times.count) frames of \(source.count): \(times)")
        let steps = zip(times.dropFirst(), times).map { $0 - $1 }
        #expect((steps.max() ?? 0) > (steps.min() ?? 0) * 1.5, "\(steps)")
        #expect(try FFprobe.read(outputs[0]).audio?["codec_name"] as? String == "aac")
    }

    @Test("Theora in Ogg becomes H.264 in MP4; the sound can be left out")
    func theora() throws {
        let (outputs, _, folder) = try Self.transcode("upright-phone.mp4", codecs: [.h264], audio: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try FFprobe.read(outputs[0]).audio == nil)
        let (theora, _, theoraFolder) = try Self.transcode("theora.ogv", codecs: [.h264])
        defer { try? FileManager.default.removeItem(at: theoraFolder) }
        let video = try #require(try FFprobe.read(theora[0]).video)
        #expect(video["codec_name"] as? String == "h264" && (video["width"] as? Int, video["height"] as? Int) == (320, 180))
    }

    @Test("the poster skips a black opening and a fade in; asked at a time, it is the frame at that time")
    func poster() throws {
        let (_, auto, folder) = try Self.transcode("fade-in.mp4", codecs: [])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(auto.seconds >= 1.9 && auto.seconds <= 2.6, "\(auto.seconds)")
        let (_, black, other) = try Self.transcode("fade-in.mp4", codecs: [], posterAt: 0.2)
        defer { try? FileManager.default.removeItem(at: other) }
        #expect(abs(black.seconds - 0.2) < 0.05 && Self.brightness(black) < 5)
        #expect(Self.brightness(auto) > 40)
    }

    @Test("a damaged clip or one stopped part-way says why and leaves no file behind")
    func failures() throws {
        let folder = try Corpus.scratch("transcode-failures")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = ClipTranscoder.Output(codec: .h264, width: 320, height: 180, path: folder.appending(path: "out.mp4").path)
        let settings = ClipTranscoder.Settings(width: 320, height: 180, rotation: 0, transfer: .sdr, frameRate: 25, audioBitrate: 0, posterAt: nil, threads: 1)
        #expect(throws: BuildError(path: "damaged.mp4", "cannot be made into video files: cannot be read as a video: Invalid data found when processing input")) {
            try ClipTranscoder.transcode(ClipProbeTests.clip("damaged.mp4"), displayPath: "damaged.mp4", outputs: [output], settings: settings)
        }
        #expect(throws: BuildError(path: "theora.ogv", "cannot be made into video files: interrupted")) {
            try ClipTranscoder.transcode(ClipProbeTests.clip("theora.ogv"), displayPath: "theora.ogv", outputs: [output], settings: settings) {
                $0 < 0.5
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// Past imgsite's own check of the sizes an encoder takes (ClipFileSet),
    /// an encoder that will not open (SVT-AV1 at 60 px wide) leaves out its
    /// codec alone: the H.264 file is made, the reason returned.
    @Test("an encoder that cannot be opened leaves out only its codec's files", .enabled(if: VideoCodec.av1.encoder == "libsvtav1"))
    func encoderThatWillNotOpen() throws {
        let folder = try Corpus.scratch("transcode-refused")
        defer { try? FileManager.default.removeItem(at: folder) }
        let info = try ClipProbeTests.read("tiny-upright.mp4")
        let outputs = [VideoCodec.av1, .h264].map {
            ClipTranscoder.Output(codec: $0, width: info.width, height: info.height, path: folder.appending(path: "\($0).mp4").path)
        }
        let settings = ClipTranscoder.Settings(width: info.width, height: info.height, rotation: info.rotation, transfer: info.transfer,
                                               frameRate: info.frameRate, audioBitrate: 0, posterAt: nil, threads: 1)
        #expect(throws: BuildError.self) {
            try ClipTranscoder.transcode(ClipProbeTests.clip("tiny-upright.mp4"), displayPath: "tiny-upright.mp4", outputs: outputs, settings: settings)
        }
        let (poster, leftOut) = try ClipTranscoder.transcodeLeavingOut(
            ClipProbeTests.clip("tiny-upright.mp4"), displayPath: "tiny-upright.mp4", outputs: outputs, settings: settings)
        #expect(Array(leftOut.keys) == [.av1] && leftOut[.av1]?.contains("the libsvtav1 encoder cannot be opened") == true, "\(leftOut)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["h264.mp4"] && poster.width == info.width)
    }

    /// Given the clip itself (not through its probe), the transcoder opens
    /// no encoder, as no frame of it decodes, and must still return: SVT-AV1
    /// opened and given no frame sometimes never returned (a build hung on it).
    /// Timed by `Deadline`, not `.timeLimit`, whose clock also counts the
    /// time other tests hold the two cores (a full run failed it so).
    @Test("an encrypted clip handed to the transcoder fails without a frame and returns, leaving nothing")
    func failsBeforeAnyFrame() throws {
        let folder = try Corpus.scratch("transcode-encrypted")
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputs = [VideoCodec.av1, .h264].map { ClipTranscoder.Output(codec: $0, width: 320, height: 180, path: folder.appending(path: "\($0).mp4").path) }
        let settings = ClipTranscoder.Settings(width: 320, height: 180, rotation: 0, transfer: .sdr, frameRate: 25, audioBitrate: 128_000, posterAt: nil, threads: 1)
        let source = ClipProbeTests.clip("encrypted.mp4")
        let reason = Deadline.returns(within: 60, "the transcode of a clip without a decodable frame") { () -> String? in
            do throws(BuildError) {
                _ = try ClipTranscoder.transcode(source, displayPath: "encrypted.mp4", outputs: outputs, settings: settings)
                return nil
            } catch {
                return error.reason
            }
        }
        #expect(reason == .some("cannot be made into video files: no frame of it could be decoded"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("the ladder: rungs of short sides up to video.max_height, never above the clip's own; codec strings by level")
    func ladder() {
        func sizes(_ w: Int, _ h: Int, _ most: Int = 1080) -> [[Int]] { ClipLadder(width: w, height: h, maxHeight: most).sizes.map { [$0.width, $0.height] } }
        #expect(sizes(3840, 2160) == [[1920, 1080], [1280, 720], [854, 480]])
        #expect(sizes(2160, 3840, 720) == [[720, 1280], [480, 854]])
        #expect(sizes(480, 270) == [[480, 270]])
        #expect(sizes(1280, 540) == [[1280, 540], [1138, 480]])
        #expect(VideoCodec.h264.codecs(width: 1920, height: 1080, frameRate: 30) == "avc1.640029")
        #expect(VideoCodec.h264.codecs(width: 1280, height: 720, frameRate: 30) == "avc1.64001F")
        #expect(VideoCodec.av1.codecs(width: 1920, height: 1080, frameRate: 30) == "av01.0.08M.08")
        #expect(VideoCodec.av1.codecs(width: 3840, height: 2160, frameRate: 60) == "av01.0.13M.08")
    }

    @Test("a clip over video.memory is made in passes, largest file first, each pass within it beside the decoder's frames")
    func passes() {
        func info(_ w: Int, _ h: Int, bits: Int, _ transfer: ClipInfo.Transfer) -> ClipInfo {
            ClipInfo(width: w, height: h, rotation: 0, seconds: 8, codec: "hevc", bitDepth: bits, transfer: transfer, frameRate: 30,
                     variableRate: false)
        }
        func plan(_ clip: ClipInfo, budget: Int = SiteConfig().video.memory) -> [[String]] {
            let ladder = ClipLadder(width: clip.width, height: clip.height, maxHeight: 1080)
            let files = ladder.sizes.flatMap { size in [VideoCodec.av1, .h264].map { ($0, size) } }
            let memory = ClipMemory(info: clip, top: ladder.sizes[0], threads: 2)
            let size = { (file: (VideoCodec, ClipLadder.Size)) in ClipMemory.encoder(file.0, width: file.1.width, height: file.1.height) }
            let passes = memory.passes(files, budget: budget, bytes: size)
            // Within the budget, or within the decoder's frames and the largest file when those alone are over it.
            let most = max(budget, memory.base + (files.map(size).max() ?? 0))
            #expect(passes.allSatisfy { memory.base + $0.map(size).reduce(0, +) <= most } && passes.joined().count == files.count)
            return passes.map { $0.map { "\($0.0.rawValue) \($0.1.height)" } }
        }
        // A phone's 4K HLG clip: its decoder's 10-bit frames and the float tone mapping leave room for one large encoder a pass.
        #expect(plan(info(3840, 2160, bits: 10, .hlg)) == [["av1 1080"], ["h264 1080", "av1 480"], ["av1 720", "h264 720", "h264 480"]])
        // A camera's 1080p clip in two; an HD clip and a small one in one; a budget of a few GB, one whatever the clip.
        #expect(plan(info(1920, 1080, bits: 8, .sdr)).count == 2)
        #expect(plan(info(1280, 720, bits: 8, .sdr)) == [["av1 720", "h264 720", "av1 480", "h264 480"]])
        #expect(plan(info(3840, 2160, bits: 10, .hlg), budget: 4_000_000_000).count == 1)
    }
}
