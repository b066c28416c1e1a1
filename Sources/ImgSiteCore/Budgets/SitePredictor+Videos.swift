import ImgSiteMedia
import ImgSitePlanning

/// What video clips' files add to a site, predicted from each clip's size,
/// length and rate at the encoders' rates (`ClipShape`), beside its images
/// (a clip's stills are its poster's, predicted as a photo's).
extension SitePredictor {
    /// The clips among the photos.
    var clips: [(source: String, shape: ClipShape)] {
        photos.compactMap { photo in photo.clip.map { (photo.source, $0) } }
    }

    /// Every clip's video files under `config.video`, and Live Photos'
    /// motion files (muted).
    func videoEstimate(_ config: SiteConfig) -> SiteEstimate {
        var muted = config.video
        muted.audio = .drop
        let videos = clips.map { ($0.shape, config.video) } + photos.compactMap { $0.motion.map { ($0, muted) } }
        return videos.reduce(SiteEstimate()) { total, video in
            SiteEstimate(files: total.files + video.0.files(video.1).count, bytes: total.bytes + Int(video.0.bytes(video.1).rounded(.up)))
        }
    }

    /// The heaviest clips, for a refusal to name: "trip/IMG_4412.MOV 21 MB, …".
    func heaviestClips(_ config: SiteConfig, count: Int = 3) -> String {
        let weighed = clips.map { ($0.source, $0.shape.bytes(config.video)) }.sorted { $0.1 > $1.1 }
        let named = weighed.prefix(count).map { "\($0.0) \(Bytes.text(Int($0.1)))" }
        return named.joined(separator: ", ") + (weighed.count > count ? " and \(weighed.count - count) more" : "")
    }
}
