import ImgSiteMedia
/// What a whole-site budget's plan was made for: the settings and budget
/// (a hash), the pages, and every photo by path and identity. The same key
/// reuses the plan (a no-op build plans nothing); under `imgsite watch` an
/// edit of a few photos keeps it too (`keeps`).
struct BudgetPlanKey: Codable, Equatable {
    var settings: String
    var pages: String
    /// Path → `FileIdentity.text`.
    var photos: [String: String]

    /// The most photos an edit may add or change and keep the plan: a few,
    /// whose bytes the ceiling's measure catches (over the budget, the
    /// photos that save the most take a notch); more, and the site is
    /// planned again on every photo.
    static func editLimit(photos: Int) -> Int { max(1, photos / 20) }

    /// How this build's photos differ from those `saved` was made for, when
    /// the plan holds for them: the same settings, and no more than
    /// `editLimit` photos added or changed (removed ones only free room:
    /// a deletion never re-plans). Nil when the site must be planned again.
    func keeps(_ saved: BudgetPlanKey) -> String? {
        guard settings == saved.settings, self != saved else { return nil }
        let changed = photos.filter { saved.photos[$0.key] != $0.value }.count
        let removed = saved.photos.keys.filter { photos[$0] == nil }.count
        guard changed <= Self.editLimit(photos: saved.photos.count) else { return nil }
        return [changed > 0 ? Counted.text(changed, "photo") + " added or changed" : nil,
                removed > 0 ? Counted.text(removed, "photo") + " removed" : nil].compactMap { $0 }.joined(separator: ", ")
            .nonEmpty ?? "pages changed"
    }
}

private extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
