/// What an album shows, by kind: "3 photos, 1 clip" on its page and card, said
/// in the site's language (`Words.media`). Animations and Live Photos are photos.
struct MediaCount: Sendable, Equatable {
    var photos = 0
    var clips = 0

    init(photos: Int = 0, clips: Int = 0) {
        self.photos = photos
        self.clips = clips
    }

    init(_ shown: some Sequence<BuiltAlbum.Photo>) {
        for photo in shown {
            if photo.isClip { clips += 1 } else { photos += 1 }
        }
    }

    var total: Int { photos + clips }

    static func + (a: MediaCount, b: MediaCount) -> MediaCount {
        MediaCount(photos: a.photos + b.photos, clips: a.clips + b.clips)
    }
}
