import Foundation

/// Draws the rebuild walk's steps from a seed, so a walk is reproducible from
/// its seed alone. A step names everything it does (paths, values), so a step
/// list replays the same way with steps left out (`RebuildWalk.shrink`).
struct WalkDraw {
    /// Small real photos of every kind the pipeline tells apart: plain,
    /// grey, CMYK and profiled JPEGs, EXIF-rotated ones, alpha, WebP,
    /// animated GIF and APNG, a DNG (read through its preview), video clips
    /// (a phone's upright MP4 with sound and a location, a VP9 WebM with
    /// Opus, a silent Theora).
    static let pool = [
        "formats/tiny-88x64.jpg", "formats/gray.jpg", "formats/cmyk.jpg", "formats/transparent.png", "formats/flower2.webp",
        "cameras/kodak-dc240.jpg", "cameras/sony-cybershot.jpg", "cameras/DSCN0010.jpg", "nature/FreshFlower.jpg",
        "orientation/Landscape_6.jpg", "animated/1904-blob-dancing.gif", "animated/apng-delay.png", "../raw/tidepool.dng",
        "../video/theora.ogv", "../video/upright-phone.mp4", "../video/variable-rate.webm",
    ]

    /// Values each imgsite.yml key is drawn from (nil: the key left out).
    static let settings: [(key: String, values: [String?])] = [
        ("formats", ["[jpeg]", "[jpeg, webp]", "[jpeg, avif]", "[jpeg, webp, avif]", nil]),
        ("jpeg", ["{quality: 70}", "{quality: 92}", "{quality: 80, chroma_subsampling: \"4:4:4\"}", "{progressive_min_width: 200}", "{widths: all}", "{widths: one}", nil]),
        ("webp", ["{quality: 60}", "{quality: 85, effort: 2}", nil]),
        ("avif", ["{quality: 50}", "{quality: 65, effort: 1}", nil]),
        ("dense_format", ["false", "webp", "avif", nil]),
        ("widths", ["auto", "[200, 480]", "[160, 320, 900]", nil]),
        ("width_step", ["1.3", "2", nil]),
        ("max_width", ["480", "1024", nil]),
        ("placeholder", ["thumbhash", "blurhash", "grid", "lqip", "color", "css", "none", nil]),
        // Private and hidden albums by key (b's at its numbered name too), and a typo that must stop every build.
        ("albums", ["{a: {placeholder: color}}", "{b: {placeholder: none}, a: {placeholder: lqip}}", "{a: {private: {password_env: WALK_PASSWORD}}}",
                    "{b: {private: {password_env: WALK_PASSWORD, listed: true}}, a: {hidden: true}}", "{c: {private: {password_env: WALK_PASSWORD}}}", nil]),
        ("metadata", ["strip", "keep-copyright", nil]),
        ("animated", ["{memory_budget: 1 MB}", "{memory_budget: 4 MB, outputs: [webp]}", "{outputs: [gif]}", nil]),
        ("budgets", ["{variant: 40 KB}", "{first_view: 300 KB}", "{site: 1 MB}", "{site: 600 KB}", "{files: 80}", "{site: 3 MB, files: 120}", nil]),
        ("base_url", ["https://example.com/photos/", "https://example.org/", nil]),
        ("title", ["Walk", "\"<Tom & Jerry's> \\\"photos\\\"\"", nil]),
        ("photo_details", ["false", nil]),
        ("exclude", ["[\"**/*.gif\"]", "[b]", "[\"a/inner\"]", nil]),
        ("downloads", ["largest", "original", nil]),
        ("video", ["{max_height: 240}", "{codecs: [h264]}", "{audio: drop}", "{quality: low}", "{poster: 1}", "{memory: 100 MB}", "false", nil]),
    ]

    static let albums = ["a", "b", "a/inner"]

    var random: Mutator.Random
    var counter = 0

    /// A step for the library as it stands in `library` (its photos, with paths relative to it).
    mutating func step(photos: [String]) -> WalkStep {
        WalkStep(change: change(photos: photos), way: way())
    }

    /// A setting drawn at random, built plainly: the walk starts from a few
    /// of these, so its states spread over the settings' combinations.
    mutating func settingStep() -> WalkStep {
        let (key, values) = Self.settings[random.below(Self.settings.count)]
        return WalkStep(change: .setting(key: key, yaml: values[random.below(values.count)]), way: .plain)
    }

    private mutating func change(photos: [String]) -> WalkStep.Change? {
        let roll = random.below(100)
        let photo = photos.isEmpty ? nil : photos[random.below(photos.count)]
        switch roll {
        case ..<42:
            let (key, values) = Self.settings[random.below(Self.settings.count)]
            return .setting(key: key, yaml: values[random.below(values.count)])
        case ..<50 where photos.count < 9, ..<44:
            let corpus = Self.pool[random.below(Self.pool.count)]
            return .add(corpus: corpus, path: newPath(for: corpus))
        case ..<54 where photos.count > 2:
            return photo.map { .delete($0) }
        case ..<62:
            return photo.map { .move($0, to: newPath(for: $0)) }
        case ..<68:
            return photo.map { .replace($0, corpus: Self.pool[random.below(Self.pool.count)]) }
        case ..<73:
            return photo.map { .touch($0) }
        case ..<83:
            let sidecars = [
                "caption: Dawn\n", "caption: \"Tom & Jerry's <b>day</b>\"\n", "caption: '\"quoted\" caption'\n",
                "title: \"Old <pier> & boats\"\ncaption: Dawn\n", "hidden: true\n", "title: Harbour\nhidden: true\n", nil,
                // Mistakes: a misspelt key is left out, a typo of hidden or a wrong type holds the photo back.
                "hidden: true\ncaptoin: Dawn\n", "hiden: true\n", "hidden: maybe\n",
            ]
            return photo.map { .sidecar($0, yaml: sidecars[random.below(sidecars.count)]) }
        case ..<88:
            let lines = ["<p class=\"walk\">one</p>", "<p class=\"walk\">{{title}}</p>", nil]
            return .template(lines[random.below(lines.count)])
        case ..<94:
            let album = Self.albums[random.below(Self.albums.count)]
            let inAlbum = photos.filter { ($0 as NSString).deletingLastPathComponent == album }
            let cover = inAlbum.isEmpty ? "none.jpg" : (inAlbum[random.below(inAlbum.count)] as NSString).lastPathComponent
            let files = ["title: \"Trip <1> & co\"", "description: \"**Rain** <script>x</script> [m](javascript:x)\"", "hidden: true",
                         "cover: \"\(cover)\"", "{title: Walk, hidden: false}", "order: -date", "order: [\"\(cover)\"]",
                         "album_order: -name", "exclude: true", "private: {password_env: WALK_PASSWORD}", nil,
                         // Mistakes: a misspelt key is left out, a wrong type or broken YAML holds the album back.
                         "hidden: true\ndescripton: x", "hidden: maybe", "exclude: true\ntitle: [oops"]
            return .albumFile(album, yaml: files[random.below(files.count)])
        case ..<95:
            // Numbered to order it, or back: a private or hidden album keeps its mark.
            return .renameAlbum(["a", "b"][random.below(2)])
        case ..<97:
            return .sampleScale([0.5, nil][random.below(2)])
        default:
            return nil
        }
    }

    private mutating func way() -> WalkStep.BuildWay {
        switch random.below(100) {
        case ..<50: return .plain
        case ..<56: return .force
        case ..<62: return .jobs(1)
        case ..<68: return .jobs(3)
        case ..<76: return .shards(2 + random.below(2))
        case ..<84: return .killed(["image#1", "image#2", "page#1", "page#3", "write manifest.json", "encoding#2"][random.below(6)])
        case ..<92: return .watch
        default:
            let (key, values) = Self.settings[random.below(5)]
            return .otherOutput(key: key, yaml: values.compactMap { $0 }[random.below(values.count - 1)])
        }
    }

    /// A new name in a random album, keeping the photo's extension.
    private mutating func newPath(for photo: String) -> String {
        counter += 1
        let ext = (photo as NSString).pathExtension
        let names = ["p\(counter)", "Photo \(counter)", "été-\(counter)", "x&y-\(counter)"]
        return "\(Self.albums[random.below(Self.albums.count)])/\(names[random.below(names.count)]).\(ext)"
    }
}
