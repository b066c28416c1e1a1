import Foundation
import Synchronization

/// How video clips are published (`video:` in imgsite.yml).
public struct VideoSettings: Sendable, Hashable {
    /// Clips are published (else skipped, counted as skipped).
    public var enabled = true
    /// The largest short side a clip's files are made at (`ClipLadder`).
    public var maxHeight = 1080
    /// The codecs of its files, the one browsers should try first first: AV1
    /// (fewer bytes), then H.264 (plays everywhere). A codec whose encoder
    /// this machine's FFmpeg lacks is left out, said once.
    public var codecs: [VideoCodec] = [.av1, .h264]
    /// The sound: kept (AAC, once for every file) or left out.
    public var audio: Audio = .keep
    /// How much the encoders may give up for fewer bytes (`VideoCodec.options`).
    public var quality: Quality = .standard
    /// The poster's time in seconds; nil: the first representative frame
    /// of the opening seconds (`auto`).
    public var posterAt: Double?
    /// A Live Photo's motion (`live_photos:` in imgsite.yml): left out
    /// (`still`) or played on its photo's page (`motion`).
    public var livePhotos: LivePhotos = .still
    /// What the clips being encoded at once may hold, beyond the rest of
    /// the build (`ClipMemory`): a clip over it is made in several passes.
    /// Not in `key`: the passes make the same bytes.
    public var memory = 560_000_000

    public enum LivePhotos: String, Sendable, Hashable, CaseIterable {
        case still, motion
    }

    public enum Audio: String, Sendable, Hashable, CaseIterable, Encodable {
        case keep, drop
    }

    /// `standard` (SSIM ≥ 0.95 against the source at its size), `low` and
    /// `lowest`: fewer bytes, softer detail (docs/benchmarks.md). A site
    /// budget lowers it as one of its moves.
    public enum Quality: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
        case standard, low, lowest

        public static func < (a: Quality, b: Quality) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// AAC bits a second for stereo at 48 kHz.
    static let audioBitrate = 128_000

    public init() {}

    /// The codecs this machine can encode, in their order.
    package var encodable: [VideoCodec] { codecs.filter { $0.encoder != nil } }

    /// The poster's time in a clip `seconds` long (a time past its end:
    /// a second before it), or nil: the first representative frame.
    package func posterAt(seconds: Double) -> Double? {
        posterAt.map { min($0, max(0, seconds - 1)) }
    }

    /// What a clip's poster frame depends on: its size and its time.
    package var posterKey: String { "\(maxHeight)|\(posterAt.map { "\($0)" } ?? "auto")" }

    /// What a clip's files depend on beyond the clip (`Shape`, hashed
    /// whole): a changed setting or encoder makes them again (the photos'
    /// files do not depend on it).
    package var key: String {
        if let known = Self.keys.withLock({ $0[self] }) { return known }
        let key = shapeKey
        Self.keys.withLock { keys in
            if keys.count >= 16 { keys.removeAll() }
            keys[self] = key
        }
        return key
    }

    /// `key` by settings: a clip's poster name and journal tag ask for it
    /// on every build, and a build has one or two settings (the site's,
    /// and as a budget moved them). Encoding and hashing took 21 µs a call.
    private static let keys = Mutex<[VideoSettings: String]>([:])

    private var shapeKey: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Numbers, strings and lists of them: encoding cannot fail.
        let json = (try? encoder.encode(Shape(self))) ?? Data()
        return "video|" + ContentHash.short(text: String(decoding: json, as: UTF8.self))
    }

    /// Every setting that shapes a clip's files and poster, each codec with
    /// the encoder this machine makes it with. The others are
    /// `VideoSettingsKeyTests.shapeless`: `enabled` (no files at all),
    /// `livePhotos` (a Live Photo's motion is its still's own entry) and
    /// `memory` (the passes make the same bytes); a field added to
    /// `VideoSettings` and to neither fails that test.
    package struct Shape: Encodable, Equatable {
        package var maxHeight: Int
        package var codecs: [Codec]
        package var audio: Audio
        package var quality: Quality
        package var posterAt: Double?

        package struct Codec: Encodable, Equatable {
            package var codec: VideoCodec
            package var encoder: String?
        }

        package init(_ settings: VideoSettings) {
            (maxHeight, audio, quality, posterAt) = (settings.maxHeight, settings.audio, settings.quality, settings.posterAt)
            codecs = settings.codecs.map { Codec(codec: $0, encoder: $0.encoder) }
        }
    }
}
