/// What an album shows, by kind, as its page, its card and its zip's link say
/// it: "3 photos, 1 clip" (animations and Live Photos are photos).
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

    /// "3 photos, 1 clip", "1 clip", "0 photos"; with sub-albums first: "2 albums, 3 photos".
    func text(albums: Int = 0) -> String {
        var parts: [String] = []
        if albums > 0 { parts.append(Counted.text(albums, "album")) }
        if photos > 0 || clips == 0 { parts.append(Counted.text(photos, "photo")) }
        if clips > 0 { parts.append(Counted.text(clips, "clip")) }
        return parts.joined(separator: ", ")
    }

    /// An album zip's link: "Download all 3 photos and 1 clip", "Download 1 photo".
    var downloadLabel: String {
        let kinds = [photos > 0 ? Counted.text(photos, "photo") : nil, clips > 0 ? Counted.text(clips, "clip") : nil].compactMap { $0 }
        return (total == 1 ? "Download " : "Download all ") + kinds.joined(separator: " and ")
    }
}
