/// The known key a mistyped one most likely meant: `descripton` →
/// `description`, `captoin` → `caption`, `Hidden` or `hide` → `hidden`.
package enum KeySuggestion {
    /// The nearest of `known`, when it is near enough to be meant: case,
    /// `-` for `_`, a transposition, one edit in a short key (three letters) or two in a
    /// longer one, or one a prefix of the other.
    package static func nearest(to name: String, among known: [String]) -> String? {
        let typed = normalized(name)
        guard !typed.isEmpty else { return nil }
        let ranked = known.map { key in (key, distance(typed, normalized(key))) }.min { $0.1 < $1.1 }
        guard let (key, edits) = ranked else { return nil }
        let meant = normalized(key)
        let prefix = min(typed.count, meant.count) >= 3 && (meant.starts(with: typed) || typed.starts(with: meant))
        return edits <= (typed.count < 4 ? 1 : 2) || prefix ? key : nil
    }

    private static func normalized(_ key: String) -> [Character] {
        Array(key.lowercased().replacingOccurrences(of: "-", with: "_"))
    }

    /// Edits from one to the other (insert, delete, replace, swap two
    /// neighbours): the optimal string alignment distance.
    package static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var rows = [Array(0...b.count), Array(repeating: 0, count: b.count + 1), Array(repeating: 0, count: b.count + 1)]
        for i in 1...a.count {
            // Three rows in turn: i - 2, i - 1 and i.
            let (before, previous, current) = ((i + 1) % 3, (i + 2) % 3, i % 3)
            rows[current][0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(rows[previous][j] + 1, rows[current][j - 1] + 1, rows[previous][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { best = min(best, rows[before][j - 2] + 1) }
                rows[current][j] = best
            }
        }
        return rows[a.count % 3][b.count]
    }
}
