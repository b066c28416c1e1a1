/// A codec a clip's video files are encoded in, each in MP4: H.264 plays in
/// every browser; AV1 takes fewer bytes where browsers play it (chosen first
/// by `<source type>`).
public enum VideoCodec: String, Sendable, Codable, CaseIterable, Hashable {
    case h264, av1

    /// The format its files are recorded as.
    package var format: VideoFormat { self == .h264 ? .mp4 : .av1 }

    /// FFmpeg's encoders for it, best first: libx264 where the platform's
    /// FFmpeg has it (not in the release bundle: it is GPL), else OpenH264;
    /// SVT-AV1, else libaom.
    package var encoders: [String] {
        switch self {
        case .h264: ["libx264", "libopenh264"]
        case .av1: ["libsvtav1", "libaom-av1"]
        }
    }

    /// The encoder this machine's FFmpeg has, or nil.
    package var encoder: String? { encoders.first(where: ClipProbe.hasEncoder) }

    /// Each encoder's settings at the defaults: constant quality, not bits a
    /// second, so a still scene takes few bytes (SSIM ≥ 0.95 against the
    /// source at its size: docs/benchmarks.md). Every file of a clip is
    /// encoded at once, so memory is what is held back (a 4K clip's six
    /// encoders in 0.9 GB, not 1.3): x264 looks 10 frames ahead (not 30)
    /// without a look-ahead thread, SVT-AV1 runs at its lowest parallelism
    /// (lp=1), without look-ahead and with 3 hierarchy levels (not 5):
    /// fewer frames held, the same SSIM, AV1 files 6–10 % smaller
    /// (make bench-video).
    /// OpenH264 (the release bundle's, as x264 is GPL) has no constant
    /// quality: its rate is set by the frame's size (`openH264Rate`), and
    /// High profile (CABAC) is asked for, as `<source type>` says.
    /// Each step of `quality` below standard: x264's CRF +4, SVT-AV1's and
    /// libaom's +6 (about half the bytes, then a third: docs/benchmarks.md).
    package static func options(encoder: String, width: Int, height: Int, frameRate: Double, quality: VideoSettings.Quality) -> String {
        let step = VideoSettings.Quality.allCases.firstIndex(of: quality)!
        return switch encoder {
        case "libx264": "preset=fast,crf=\(23 + 4 * step),profile=high,rc-lookahead=10,x264-params=sync-lookahead=0"
        case "libopenh264": "profile=high,rc_mode=quality,b=\(openH264Rate(width: width, height: height, frameRate: frameRate, quality: quality) / 1000)k"
        case "libsvtav1": "preset=8,crf=\(35 + 6 * step),svtav1-params=lp=1:lookahead=0:hierarchical-levels=3"
        default: "cpu-used=6,row-mt=1,crf=\(34 + 6 * step),b=0"  // libaom: constant quality needs b=0
        }
    }

    /// OpenH264's bits a second, which its rate control meets closely: at
    /// the standard quality 950 kb/s at 720p30, as the square root of the
    /// pixels (smaller frames need more bits a pixel) and in proportion to
    /// the frame rate. Measured on the corpus' 720p pan and make
    /// bench-video's 4K clip: SSIM 0.96 at 720p, 0.956 at 480p, 0.972 at
    /// 1080p against the source at that size (x264's CRF 23: 0.99, 0.986,
    /// 0.975 in fewer bytes on the pan, more on the noisy 4K clip).
    static func openH264Rate(width: Int, height: Int, frameRate: Double, quality: VideoSettings.Quality) -> Int {
        let share = [1.0, 0.7, 0.5][VideoSettings.Quality.allCases.firstIndex(of: quality)!]
        let rate = 950_000 * (Double(width * height) / (1280 * 720)).squareRoot() * max(frameRate, 1) / 30 * share
        return max(150_000, Int((rate / 1000).rounded()) * 1000)
    }

    /// The file's MIME type with its codec, for `<source type>`: the
    /// browser skips a source it cannot play without fetching it.
    /// `sound`: the file carries AAC-LC sound (mp4a.40.2).
    package func mimeType(width: Int, height: Int, frameRate: Double, sound: Bool) -> String {
        "video/mp4; codecs=\"\(codecs(width: width, height: height, frameRate: frameRate))\(sound ? ",mp4a.40.2" : "")\""
    }

    /// RFC 6381's codec string: H.264 High profile at its level (`h264Level`),
    /// AV1 Main profile, 8 bits, at the level of its size and rate.
    package func codecs(width: Int, height: Int, frameRate: Double) -> String {
        switch self {
        case .h264: String(format: "avc1.6400%02X", Self.h264Level(width: width, height: height, frameRate: frameRate))
        case .av1: String(format: "av01.0.%02dM.08", Self.av1Level(width: width, height: height, frameRate: frameRate))
        }
    }

    /// The least H.264 level (level_idc: 31 for 3.1) whose frame size and
    /// macroblock rate hold the file (ITU-T H.264 table A-1).
    static func h264Level(width: Int, height: Int, frameRate: Double) -> Int {
        let blocks = ((width + 15) / 16) * ((height + 15) / 16)
        let rate = Double(blocks) * max(frameRate, 1)
        let levels: [(idc: Int, frame: Int, rate: Double)] = [
            (30, 1620, 40500), (31, 3600, 108_000), (32, 5120, 216_000), (41, 8192, 245_760), (42, 8704, 522_240),
            (50, 22080, 589_824), (51, 36864, 983_040), (52, 36864, 2_073_600),
        ]
        return levels.first { blocks <= $0.frame && rate <= $0.rate }?.idc ?? 52
    }

    /// The least AV1 level index (seq_level_idx: 8 for 4.0) whose picture
    /// size and sample rate hold the file (AV1 specification, annex A.3).
    static func av1Level(width: Int, height: Int, frameRate: Double) -> Int {
        let picture = width * height
        let rate = Double(picture) * max(frameRate, 1)
        let levels: [(index: Int, picture: Int, rate: Double)] = [
            (0, 147_456, 4_423_680), (1, 278_784, 8_363_520), (4, 665_856, 19_975_680), (5, 1_065_024, 31_950_720),
            (8, 2_359_296, 66_846_720), (9, 2_359_296, 133_693_440), (12, 8_912_896, 267_386_880), (13, 8_912_896, 534_773_760),
        ]
        return levels.first { picture <= $0.picture && rate <= $0.rate }?.index ?? 13
    }
}
