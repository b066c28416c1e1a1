import Foundation

/// A clip as a budget sees it, from its container alone: its size upright,
/// its length and rate, whether it has sound.
struct ClipShape: Sendable, Equatable {
    var width: Int
    var height: Int
    var seconds: Double
    var frameRate: Double
    var sound: Bool

    init(_ info: ClipInfo) {
        (width, height, seconds, frameRate, sound) = (info.width, info.height, info.seconds, info.frameRate, info.audioCodec != nil)
    }

    /// Bytes a second of a 1080p file at 30 frames a second, at the default
    /// settings, and how they scale with the pixels (bytes ∝ pixels^exponent):
    /// fitted on make bench-video's 4K phone clip (a pan with sensor-like
    /// noise) at 1080, 720 and 480 lines. AV1 at constant quality spends
    /// nearly as much on a small file as a large one; H.264 scales closer
    /// to its pixels.
    static let rates: [VideoCodec: (bytes: Double, exponent: Double)] = [
        .h264: (245_500, 0.79),
        .av1: (48_500, 0.28),
    ]
    static let referencePixels = 1920.0 * 1080

    /// The share of those bytes at each `video.quality` (standard, low,
    /// lowest): x264 at CRF 23, 27, 31 and SVT-AV1 at 35, 41, 47 on the same
    /// clip at 1080 and 480 lines, the two sizes' mean (make bench-video).
    static let qualityShares: [VideoCodec: [Double]] = [
        .h264: [1, 0.47, 0.30],
        .av1: [1, 0.65, 0.47],
    ]

    /// The predicted bytes of its file in `codec` at `width` × `height`,
    /// its sound (AAC, the same in every file) included. OpenH264 meets
    /// the rate it is given (`VideoCodec.openH264Rate`).
    func bytes(_ codec: VideoCodec, width: Int, height: Int, settings: VideoSettings) -> Double {
        let video: Double
        if codec == .h264, codec.encoder == "libopenh264" {
            video = Double(VideoCodec.openH264Rate(width: width, height: height, frameRate: frameRate, quality: settings.quality)) / 8
        } else {
            let rate = Self.rates[codec]!
            let pixels = Double(width * height) / Self.referencePixels
            let share = Self.qualityShares[codec]![VideoSettings.Quality.allCases.firstIndex(of: settings.quality)!]
            video = rate.bytes * pow(pixels, rate.exponent) * max(frameRate, 1) / 30 * share
        }
        let audio = sound && settings.audio == .keep ? Double(VideoSettings.audioBitrate) / 8 : 0
        return (video + audio) * seconds
    }

    /// Its files under `settings`: each size of its ladder in each codec
    /// this machine encodes (`ImageBuilder.clipFiles` makes these).
    func files(_ settings: VideoSettings) -> [(codec: VideoCodec, width: Int, height: Int)] {
        ClipFileSet(ladder: ClipLadder(width: width, height: height, maxHeight: settings.maxHeight), settings: settings).files
    }

    /// The predicted bytes of all its files under `settings`.
    func bytes(_ settings: VideoSettings) -> Double {
        files(settings).reduce(0) { $0 + bytes($1.codec, width: $1.width, height: $1.height, settings: settings) }
    }
}
