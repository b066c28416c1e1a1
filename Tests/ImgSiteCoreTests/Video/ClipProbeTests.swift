import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing

/// Clips' containers read through FFmpeg's libraries (the clips of
/// Tests/Corpus/video/, made by scripts/video/make-clips.sh).
@Suite(.enabled(if: ClipProbe.unavailable == nil, "FFmpeg's libraries are missing: make deps installs them"), .tags(.memory))
struct ClipProbeTests {
    static func clip(_ name: String) -> String { Corpus.root.appending(path: "video/\(name)").path }

    static func read(_ name: String) throws -> ClipInfo { try ClipProbe.read(clip(name), displayPath: "video/\(name)") }

    @Test("a phone held upright: stored 480 × 270, shown 270 × 480 (turned 90° clockwise), with AAC sound and its capture date")
    func uprightPhone() throws {
        let info = try Self.read("upright-phone.mp4")
        #expect((info.width, info.height, info.rotation) == (270, 480, 90))
        #expect(info.codec == "h264" && info.bitDepth == 8 && info.transfer == .sdr && info.audioCodec == "aac")
        #expect(abs(info.seconds - 2) < 0.1 && abs(info.frameRate - 30) < 0.5 && !info.variableRate)
        #expect(info.created?.hasPrefix("2024-06-01T10:20:30") == true)
    }

    @Test("an iPhone's HDR clip: HEVC 10-bit with the HLG transfer, silent")
    func hdr() throws {
        let info = try Self.read("hdr-hlg.mov")
        #expect(info.codec == "hevc" && info.bitDepth == 10 && info.transfer == .hlg && info.audioCodec == nil)
        #expect((info.width, info.height, info.rotation) == (480, 270, 0))
    }

    @Test("a WebM that drops every third frame is variable-rate at 20 frames a second, though its container says 30")
    func variableRate() throws {
        let info = try Self.read("variable-rate.webm")
        #expect(info.codec == "vp9" && info.audioCodec == "opus" && info.variableRate)
        #expect(abs(info.frameRate - 20) < 1, "\(info.frameRate)")
    }

    @Test("an iPhone Live Photo's motion carries Apple's content identifier; other clips do not")
    func livePhoto() throws {
        #expect(try Self.read("live-photo.mov").livePhoto)
        #expect(try !Self.read("hdr-hlg.mov").livePhoto && !Self.read("upright-phone.mp4").livePhoto)
    }

    @Test("Theora in Ogg, as sigal's sample gallery holds")
    func theora() throws {
        let info = try Self.read("theora.ogv")
        #expect(info.codec == "theora" && (info.width, info.height) == (320, 180) && abs(info.seconds - 1) < 0.1)
    }

    @Test("what older cameras and phones wrote: MPEG-4 Part 2 with PCM in AVI and with AAC in 3GP, VP9 with MP3 in Matroska, H.264 in .m4v")
    func olderContainers() throws {
        for (name, codec, audio, size) in [("camera-mpeg4-pcm.avi", "mpeg4", "pcm_s16le", (320, 240)), ("old-phone.3gp", "mpeg4", "aac", (176, 144)),
                                           ("vp9-mp3.mkv", "vp9", "mp3", (320, 180)), ("tv.m4v", "h264", "aac", (320, 180))] {
            let info = try Self.read(name)
            #expect(info.codec == codec && info.audioCodec == audio && (info.width, info.height) == size && abs(info.seconds - 1.5) < 0.1,
                    "\(name): \(info)")
        }
    }

    @Test("what cannot be read says why, naming the file: sound only, a damaged file, an empty one, an encrypted one")
    func unreadable() throws {
        let empty = try Corpus.scratch("empty").appending(path: "empty.mov")
        FileManager.default.createFile(atPath: empty.path, contents: Data())
        // A recording whose index was never written: its boxes end where the file does, without a moov.
        let whole = try Data(contentsOf: URL(fileURLWithPath: Self.clip("damaged.mp4")))
        let cut = try Corpus.scratch("cut").appending(path: "interrupted.mov")
        var boxes = Data(whole.prefix(40))
        let frames = whole.count - 40
        boxes += Data([UInt8(frames >> 24 & 0xFF), UInt8(frames >> 16 & 0xFF), UInt8(frames >> 8 & 0xFF), UInt8(frames & 0xFF)]) + whole[44...]
        try boxes.write(to: cut)
        // Not an MP4 at all, whatever its name: FFmpeg's words stand.
        let text = try Corpus.scratch("text").appending(path: "notes.mp4")
        try Data("hello world, these are my notes\n".utf8).write(to: text)
        for (path, name, reason) in [(Self.clip("no-video.mp4"), "no-video.mp4", "cannot be read as a video: no video stream"),
                                     (Self.clip("damaged.mp4"), "damaged.mp4", "cannot be read as a video: the file ends before its index, at 2.4 KB "
                                        + "of the 3.7 KB its data says: an incomplete copy or download? Copy it again from the camera or phone"),
                                     (cut.path, "interrupted.mov", "cannot be read as a video: the file has no index (its moov box): a recording that "
                                        + "was interrupted (a battery or card that ran out) or an incomplete copy?"),
                                     (text.path, "notes.mp4", "cannot be read as a video: Invalid data found when processing input"),
                                     (empty.path, "empty.mov", "is an empty file (0 bytes)"),
                                     (Self.clip("encrypted.mp4"), "encrypted.mp4",
                                      "cannot be read as a video: encrypted (CENC): its frames cannot be decoded without the key")] {
            do {
                let info = try ClipProbe.read(path, displayPath: name)
                Issue.record("\(name) was read: \(info)")
            } catch {
                #expect(error.path == name && error.reason == reason, "\(error.reason)")
            }
        }
    }

    @Test("the loaded FFmpeg names itself and has the decoders phones' clips need")
    func decoders() {
        #expect(ClipProbe.version?.hasPrefix("FFmpeg (libavformat ") == true)
        for name in ["h264", "hevc", "vp9", "theora"] { #expect(ClipProbe.hasDecoder(name), "\(name)") }
        #expect(!ClipProbe.hasDecoder("no-such-codec"))
    }
}
