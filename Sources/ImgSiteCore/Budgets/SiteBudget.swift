import Foundation
import ImgSiteMedia
import ImgSitePlanning

/// Fits a site into `budgets.site` bytes and `budgets.files` files: makes
/// the moves of `BudgetMove.order` one by one, each only if it shrinks
/// what is still over, until the predicted site fits. A budget that even
/// the last move cannot meet (one small JPEG a photo) is refused before
/// anything is encoded.
struct SiteBudget: Sendable {
    var bytes: Int?
    var files: Int?

    /// Bytes are planned to this share of the budget. One machine's build
    /// measures what it encoded and encodes again when over (`holdToBudget`),
    /// so its plan leaves room for the usual error: held-out kinds of content
    /// came to at most 3.1 % over their plans (`make bench-predict`).
    static let bytesMargin = 0.92
    /// A shard cannot encode again (it sees only its photos; the merge
    /// measures the whole and fails when over), so the shared plan leaves
    /// twice that room: a library of a few photos can stray further than
    /// a kind's sum (one dithered wallpaper came 7.5 % over its plan, and
    /// 27 % before its widest files were read two ways).
    static let shardBytesMargin = 0.88
    var margin = bytesMargin

    init(bytes: Int?, files: Int?) {
        self.bytes = bytes
        self.files = files
    }

    init(_ settings: BudgetSettings) {
        self.init(bytes: settings.site, files: settings.files)
    }

    /// The moves that fit `predictor`'s site into the budget, starting from `config`.
    func plan(_ config: SiteConfig, predictor: SitePredictor) throws(BudgetRefusal) -> BudgetPlan {
        let original = predictor.estimate(config)
        var (current, estimate, moves) = (config, original, [BudgetMove]())
        for move in BudgetMove.order where isOver(estimate) {
            let next = move.applied(to: current)
            guard next != current else { continue }
            let nextEstimate = predictor.estimate(next)
            let helps = (isOverBytes(estimate) && nextEstimate.bytes < estimate.bytes)
                || (isOverFiles(estimate) && nextEstimate.files < estimate.files)
            guard helps else { continue }
            (current, estimate) = (next, nextEstimate)
            moves.append(move)
        }
        // Undo what the fit does not need, the costliest first: a late move
        // can make an earlier one unnecessary (max_width 1024 after quality 70).
        for move in moves.reversed() {
            let without = moves.filter { $0 != move }
            let fewer = predictor.estimate(Self.config(config, moves: without))
            guard !isOver(fewer) else { continue }
            (moves, estimate) = (without, fewer)
        }
        current = Self.config(config, moves: moves)
        let videos = predictor.videoEstimate(current)
        if isOverFiles(estimate), let files {
            let clipFiles = videos.files > 0 ? ", the clips' \(videos.files) video files" : ""
            throw BudgetRefusal(key: "budgets.files", reason: "\(files) files cannot hold \(Self.items(predictor)): "
                + "one file a photo (\(minimum(current)))\(clipFiles) and the pages make \(estimate.files) files; give at least \(estimate.files)")
        }
        if isOverBytes(estimate), let bytes {
            let needed = Self.roundedUp(Double(estimate.bytes) / margin)
            let parts = predictor.breakdown(current).map { "\($0.part) \(Bytes.text($0.bytes))" }.joined(separator: ", ")
            let clips = videos.bytes > 0 ? "; the heaviest clips: \(predictor.heaviestClips(current))" : ""
            throw BudgetRefusal(key: "budgets.site", reason: "\(Bytes.text(bytes)) cannot hold \(Self.items(predictor)): "
                + "even with \(minimum(current)) a photo the site comes to about \(Bytes.text(estimate.bytes)) (\(parts))\(clips); "
                + "give at least \(Bytes.text(needed))" + lighterSettings(current, predictor: predictor))
        }
        return BudgetPlan(moves: moves, predicted: estimate, unbudgeted: original)
    }

    static func config(_ site: SiteConfig, moves: [BudgetMove]) -> SiteConfig {
        moves.reduce(site) { $1.applied(to: $0) }
    }

    /// "120 photos", "118 photos and 2 clips".
    private static func items(_ predictor: SitePredictor) -> String {
        let clips = predictor.clips.count
        let photos = predictor.photos.count - clips
        return clips == 0 ? Counted.text(photos, "photo") : "\(Counted.text(photos, "photo")) and \(Counted.text(clips, "clip"))"
    }

    /// What the downloads' and clips' settings would let the budget hold,
    /// when they weigh: "…, or album_zip: false (at least 24 MB)".
    private func lighterSettings(_ config: SiteConfig, predictor: SitePredictor) -> String {
        var choices: [(setting: String, config: SiteConfig)] = []
        // The clips at their least height and quality are moves the plan
        // made already; one codec of two is the user's call.
        if !predictor.clips.isEmpty, config.video.encodable.count > 1, let fallback = config.video.encodable.last {
            var lighter = config
            lighter.video.codecs = [fallback]
            choices.append(("video.codecs: [\(fallback.rawValue)]", lighter))
        }
        if config.albumZip && config.downloads != .none {
            var lighter = config
            lighter.albumZip = false
            choices.append(("album_zip: false", lighter))
        }
        if config.downloads == .original {
            var lighter = config
            lighter.downloads = .largest
            choices.append(("downloads: largest", lighter))
        }
        let said = choices.map { choice in
            let needed = Self.roundedUp(Double(predictor.estimate(choice.config).bytes) / margin)
            return "\(choice.setting) (then at least \(Bytes.text(needed)))"
        }
        return said.isEmpty ? "" : ", or set " + said.joined(separator: " or ")
    }

    /// "one 480 px JPEG at quality 50": the least the settings make.
    private func minimum(_ config: SiteConfig) -> String {
        let width = if case .fixed(let list) = config.widths, list.count == 1 { "\(list[0]) px " } else { "" }
        return "one \(width)JPEG at quality \(config.jpeg.quality)"
    }

    /// Up to two significant digits: 14.23 MB → 15 MB.
    static func roundedUp(_ value: Double) -> Int {
        guard value > 0 else { return 0 }
        let scale = pow(10, floor(log10(value)) - 1)
        return Int((value / scale).rounded(.up) * scale)
    }
}

/// A whole-site budget no settings can meet.
struct BudgetRefusal: Error {
    var key: String
    var reason: String
}

/// The settings a whole-site budget builds with: the moves made, and the
/// site they were predicted to make.
struct BudgetPlan: Codable, Sendable, Equatable {
    var moves: [BudgetMove]
    var predicted: SiteEstimate
    /// Predicted with the site's own settings.
    var unbudgeted: SiteEstimate
    /// Moves past `moves` that the ceiling's second pass gave single
    /// photos (`PhotoTightening`), by source.
    var photoMoves: [String: [BudgetMove]] = [:]

    func config(from site: SiteConfig) -> SiteConfig {
        SiteBudget.config(site, moves: moves)
    }

    /// The settings of a photo the second pass tightened.
    func config(from site: SiteConfig, photo: String) -> SiteConfig {
        SiteBudget.config(site, moves: moves + (photoMoves[photo] ?? []))
    }
}
