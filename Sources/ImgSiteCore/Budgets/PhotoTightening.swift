import Foundation
import ImgSitePlanning

/// The ceiling's second pass, photo by photo. When the images as built
/// measure over the budget, single photos give up one more notch of
/// `BudgetMove.order` each — the same loss of likeness on any photo — the
/// ones whose notch saves the most bytes first (a detailed 24 MP photo
/// before a smooth one), until what they save covers what is over. Only
/// those photos are encoded again; the others keep their files.
///
/// What a notch saves is the photo's bytes as built times the share the
/// predictor says the notch takes off them: the sample's error, which sent
/// the site over, cancels out of that share. The choice depends only on
/// the photos, the settings and what they built, so a rebuild chooses as a
/// clean build does.
struct PhotoTightening {
    let predictor: SitePredictor
    let site: SiteConfig
    let layout: ThemeLayout

    /// A photo's image files as built (originals left out: no setting shapes them).
    struct Built: Equatable {
        var bytes: Int
        var files: Int
    }

    /// What is over the budget, with room to spare (`aim`).
    struct Over {
        var bytes: Int
        var files: Int
        var isEmpty: Bool { bytes <= 0 && files <= 0 }
    }

    /// Bytes are tightened to this share of `budgets.site`: what a notch
    /// saves is a prediction, and the site is measured again after.
    static let aim = 0.98

    /// `plan` with notches added to photos until `over` is covered, and
    /// the site it predicts from `measured`; nil when no photo has a notch
    /// left that helps.
    func tightened(_ plan: BudgetPlan, built: [String: Built], over: Over, measured: SiteEstimate) -> BudgetPlan? {
        var result = plan
        var now = built
        var remaining = over
        var notches = NotchCache(predictor: predictor, site: site, layout: layout)
        while !remaining.isEmpty {
            var candidates: [(source: String, notch: Notch, saved: Built)] = []
            for photo in predictor.photos {
                guard let current = now[photo.source] else { continue }
                let moves = plan.moves + (result.photoMoves[photo.source] ?? [])
                guard let notch = notches.next(photo, after: moves, bytes: remaining.bytes > 0, files: remaining.files > 0) else { continue }
                let saved = Built(bytes: Int(Double(current.bytes) * notch.bytesShare), files: min(current.files, notch.files))
                candidates.append((photo.source, notch, saved))
            }
            // Files over are the harder limit: the photos that drop most files first, then most bytes.
            candidates.sort {
                let (a, b) = ($0.saved, $1.saved)
                if remaining.files > 0, a.files != b.files { return a.files > b.files }
                return a.bytes != b.bytes ? a.bytes > b.bytes : $0.source < $1.source
            }
            var took = false
            for candidate in candidates where !remaining.isEmpty {
                let helps = (remaining.bytes > 0 && candidate.saved.bytes > 0) || (remaining.files > 0 && candidate.saved.files > 0)
                guard helps else { continue }
                result.photoMoves[candidate.source, default: []].append(candidate.notch.move)
                now[candidate.source]!.bytes -= candidate.saved.bytes
                now[candidate.source]!.files -= candidate.saved.files
                remaining.bytes -= candidate.saved.bytes
                remaining.files -= candidate.saved.files
                took = true
            }
            guard took else { return nil }
        }
        // What the notches save is what was over less what remains.
        result.predicted = SiteEstimate(
            files: measured.files - (over.files - remaining.files), bytes: measured.bytes - (over.bytes - remaining.bytes))
        return result
    }

    /// A photo's next move, and what it takes off the photo's files.
    struct Notch {
        var move: BudgetMove
        /// The share of the photo's bytes it saves.
        var bytesShare: Double
        /// Files it saves.
        var files: Int
    }

    /// Notches by kind of photo and the moves it has made: a library's
    /// photos share a handful of sizes and costs.
    private struct NotchCache {
        let predictor: SitePredictor
        let site: SiteConfig
        let layout: ThemeLayout
        private var notches: [Key: Notch?] = [:]
        private var settings: [[BudgetMove]: ImageSettings] = [:]

        init(predictor: SitePredictor, site: SiteConfig, layout: ThemeLayout) {
            (self.predictor, self.site, self.layout) = (predictor, site, layout)
        }

        struct Key: Hashable {
            var group: SitePredictor.Group
            var moves: [BudgetMove]
            var bytes: Bool
            var files: Bool
        }

        /// The first move of `BudgetMove.order` not made yet that changes
        /// the photo's settings and saves what is over (bytes, files).
        mutating func next(_ photo: BudgetPhoto, after moves: [BudgetMove], bytes: Bool, files: Bool) -> Notch? {
            let key = Key(group: .init(photo), moves: moves, bytes: bytes, files: files)
            if let known = notches[key] { return known }
            let config = SiteBudget.config(site, moves: moves)
            let now = predictor.estimate(of: photo, settings: settings(moves, config))
            var found: Notch?
            for move in BudgetMove.order where !moves.contains(move) && !move.isVideo {
                let next = move.applied(to: config)
                guard next != config else { continue }
                let after = predictor.estimate(of: photo, settings: settings(moves + [move], next))
                guard (bytes && after.bytes < now.bytes) || (files && after.files < now.files) else { continue }
                found = Notch(move: move, bytesShare: 1 - Double(after.bytes) / Double(max(now.bytes, 1)), files: max(0, now.files - after.files))
                break
            }
            notches[key] = found
            return found
        }

        private mutating func settings(_ moves: [BudgetMove], _ config: SiteConfig) -> ImageSettings {
            if let made = settings[moves] { return made }
            let made = ImageSettings(config: config, layout: layout)
            settings[moves] = made
            return made
        }
    }
}
