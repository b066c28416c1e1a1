/// A clip's video files and how they are made, decided once from its
/// container (`ClipInfo`, probed once a build) and the video settings: the
/// ladder's sizes in each codec (`ClipFileSet`), the poster's size (the
/// ladder's top, which every file is scaled from), whether its sound is
/// kept, and what the transcoder is told. The builder makes these files,
/// the poster alone is sampled with the same settings, and the header's
/// size is the poster's.
package struct ClipPlan: Sendable {
    package let info: ClipInfo
    package let settings: VideoSettings
    package let ladder: ClipLadder
    package let fileSet: ClipFileSet

    package init(_ info: ClipInfo, settings: VideoSettings) {
        (self.info, self.settings) = (info, settings)
        ladder = ClipLadder(width: info.width, height: info.height, maxHeight: settings.maxHeight)
        fileSet = ClipFileSet(ladder: ladder, settings: settings)
    }

    /// The poster frame's size: the ladder's top, which every file is scaled from.
    package var poster: ClipLadder.Size { ladder.top }

    /// Its sound goes into its files.
    package var sound: Bool { Self.keepsSound(info, settings) }

    /// A clip with sound keeps it unless the settings drop it: the rule
    /// the budget's estimate of each file reads too, without a plan.
    static func keepsSound(_ info: ClipInfo, _ settings: VideoSettings) -> Bool {
        info.audioCodec != nil && settings.audio == .keep
    }

    /// What the transcoder is told for a decode making files (`files`) or
    /// only sampling the poster; `keepsPoster`: the poster is wanted at its
    /// time (else the sampler reads the first second only).
    package func transcoding(files: Bool, keepsPoster: Bool, threads: Int) -> ClipTranscoder.Settings {
        ClipTranscoder.Settings(
            width: poster.width, height: poster.height, rotation: info.rotation, transfer: info.transfer, frameRate: info.frameRate,
            quality: settings.quality,
            audioBitrate: sound && files ? VideoSettings.audioBitrate : 0,
            posterAt: keepsPoster ? settings.posterAt(seconds: info.seconds) : 0, threads: threads)
    }
}
