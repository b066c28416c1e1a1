import Foundation

/// A clip as a budget sees it, from its container alone (`ClipInfo`): its
/// files are its `ClipPlan`'s under the settings tried, their bytes
/// predicted from its size, length and rate.
package struct ClipShape: Sendable, Equatable {
    package let info: ClipInfo

    package init(_ info: ClipInfo) { self.info = info }

    package var seconds: Double { info.seconds }
    package var frameRate: Double { info.frameRate }

    /// Its files and poster under `settings`, as the builder makes them.
    package func plan(_ settings: VideoSettings) -> ClipPlan { ClipPlan(info, settings: settings) }

    /// Bytes a second of a 1080p file at 30 frames a second, at the default
    /// settings, and how they scale with the pixels (bytes ∝ pixels^exponent):
    /// fitted on make bench-video's 4K phone clip (a pan with sensor-like
    /// noise) at 1080, 720 and 480 lines. AV1 at constant quality spends
    /// nearly as much on a small file as a large one; H.264 scales closer
    /// to its pixels.
    package static let rates: [VideoCodec: (bytes: Double, exponent: Double)] = [
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

    /// The predicted bytes of `file`, its sound (AAC, the same in every
    /// file) included. OpenH264 meets the rate it is given
    /// (`VideoCodec.openH264Rate`).
    package func bytes(_ file: VideoFile, settings: VideoSettings) -> Double {
        let (codec, width, height) = (file.codec, file.width, file.height)
        let video: Double
        if codec == .h264, codec.encoder == "libopenh264" {
            video = Double(VideoCodec.openH264Rate(width: width, height: height, frameRate: frameRate, quality: settings.quality)) / 8
        } else {
            let rate = Self.rates[codec]!
            let pixels = Double(width * height) / Self.referencePixels
            let share = Self.qualityShares[codec]![VideoSettings.Quality.allCases.firstIndex(of: settings.quality)!]
            video = rate.bytes * pow(pixels, rate.exponent) * max(frameRate, 1) / 30 * share
        }
        let audio = ClipPlan.keepsSound(info, settings) ? Double(VideoSettings.audioBitrate) / 8 : 0
        return (video + audio) * seconds
    }

    /// Its files under `settings`, as the builder makes them.
    package func files(_ settings: VideoSettings) -> [VideoFile] { plan(settings).fileSet.files }

    /// The predicted bytes of all its files under `settings`.
    package func bytes(_ settings: VideoSettings) -> Double {
        files(settings).reduce(0) { $0 + bytes($1, settings: settings) }
    }
}
