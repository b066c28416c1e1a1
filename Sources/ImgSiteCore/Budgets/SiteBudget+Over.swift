import Foundation
import ImgSiteMedia

/// What "over" means for a whole-site budget, said once: planning holds the
/// bytes to `margin` of the budget; a site built or merged is over only
/// past the budget itself (the ceiling); the least budget; and how each
/// refusal words it.
extension SiteBudget {
    /// Over the plan's share of the bytes (`margin`), or the files.
    func isOver(_ estimate: SiteEstimate) -> Bool { isOverBytes(estimate) || isOverFiles(estimate) }

    func isOverBytes(_ estimate: SiteEstimate, margin: Double? = nil) -> Bool {
        bytes.map { Double(estimate.bytes) > Double($0) * (margin ?? self.margin) } ?? false
    }

    func isOverFiles(_ estimate: SiteEstimate) -> Bool {
        files.map { estimate.files > $0 } ?? false
    }

    /// Over the budget itself (not the planning margin).
    func isOverCeiling(_ site: SiteEstimate) -> Bool {
        isOverBytes(site, margin: 1) || isOverFiles(site)
    }

    /// What `site` has over the budget, bytes counted to `PhotoTightening.aim` of it.
    func over(_ site: SiteEstimate) -> PhotoTightening.Over {
        PhotoTightening.Over(
            bytes: bytes.map { site.bytes - Int(Double($0) * PhotoTightening.aim) } ?? 0, files: files.map { site.files - $0 } ?? 0)
    }

    /// The setting a refusal names: the bytes when they are over.
    func overKey(_ site: SiteEstimate) -> String {
        isOverBytes(site, margin: 1) ? "budgets.site" : "budgets.files"
    }

    /// A site as built against the budget itself, each part over in words:
    /// "the site is 12.4 MB, over budgets.site of 12.0 MB (planned …)".
    func violations(_ site: SiteEstimate, planned: BudgetReport?) -> [String] {
        let plan = planned.map { " (planned \(Bytes.text($0.predictedBytes)), \($0.predictedFiles) files)" } ?? ""
        var violations: [String] = []
        if let bytes, isOverBytes(site, margin: 1) {
            violations.append("the site is \(Bytes.text(site.bytes)), over budgets.site of \(Bytes.text(bytes))\(plan)")
        }
        if let files, isOverFiles(site) {
            violations.append("the site has \(site.files) files, over budgets.files of \(files)\(plan)")
        }
        return violations
    }

    /// The ceiling's refusal when encoding again could not bring `site` within the budget.
    func refusalAfterTightening(_ site: SiteEstimate) -> String {
        "\(overKey(site)): the site came to \(site.text) even encoded again with tighter settings, over \(text); "
            + "give at least \(least(site)) (no page was written: the previous pages stay)"
    }

    /// A merge's refusal: the shards' images and the pages come to `site`.
    func refusalOfMerge(_ site: SiteEstimate, planned: SiteEstimate?) -> String {
        let plan = planned.map { " (planned \($0.text))" } ?? ""
        return "\(overKey(site)): the shards' images and the pages come to \(site.text), over \(text)\(plan); "
            + "build the shards with the merge's imgsite.yml, or give at least \(least(site)) (nothing was merged: the previous site stays)"
    }

    /// The refusal of a site written over the budget: it must not be published.
    func refusalOfPublished(_ site: SiteEstimate, planned: BudgetReport?) -> String? {
        let over = violations(site, planned: planned)
        return over.isEmpty ? nil : over.joined(separator: "; ") + "; do not publish it; give at least \(least(site))"
    }

    /// "budgets.site of 12 MB and budgets.files of 400".
    var text: String {
        [bytes.map { "budgets.site of \(Bytes.text($0))" }, files.map { "budgets.files of \($0)" }].compactMap { $0 }.joined(separator: " and ")
    }

    /// The least budget a site measured as `site` fits, rounded up to two
    /// significant digits: what a refusal asks for.
    func least(_ site: SiteEstimate) -> String {
        [bytes.map { _ in Bytes.text(Self.roundedUp(Double(site.bytes))) }, files.map { _ in "\(site.files) files" }]
            .compactMap { $0 }.joined(separator: " and ")
    }
}

extension SiteEstimate {
    /// "12.3 MB, 400 files".
    var text: String { "\(Bytes.text(bytes)), \(files) files" }
}
