import Foundation

/// How an `album.yml` orders its album's photos (`order:`) or its
/// sub-albums (`album_order:`): by date, name or title, either way, or a
/// list of file or folder names first, in that order, with the rest after
/// them in the default order.
public enum AlbumOrder: Sendable, Equatable {
    /// Oldest first (the default for photos): by capture date; for an
    /// album, its oldest photo's.
    case date
    /// Newest first: by capture date; for an album, its newest photo's.
    case newestFirst
    /// Natural order of the file or folder names (the default for albums).
    case name
    case nameDescending
    /// By the title shown (albums only).
    case title
    case list([String])

    /// The words `order:` and `album_order:` take.
    package static let words: [String: AlbumOrder] = ["date": .date, "-date": .newestFirst, "name": .name, "-name": .nameDescending, "title": .title]

    /// `items` in this order. `items` come in the default order (for ties,
    /// and what a list leaves out); `key` is what a list names (a file or
    /// folder name), `byName` the natural order of names, `date` the date
    /// compared (oldest or newest as the order asks), `title` what is shown.
    package func sorted<Item>(
        _ base: [Item], key: (Item) -> String, byName: (Item, Item) -> Bool, date: (Item, _ newest: Bool) -> String?,
        title: (Item) -> String
    ) -> [Item] {
        switch self {
        case .name: return base.sorted(by: byName)
        case .nameDescending: return base.sorted { byName($1, $0) }
        case .title:
            return base.enumerated().sorted { a, b in
                let (x, y) = (title(a.element), title(b.element))
                let order = x.localizedStandardCompare(y)
                return order == .orderedSame ? a.offset < b.offset : order == .orderedAscending
            }.map(\.element)
        case .date, .newestFirst:
            let newest = self == .newestFirst
            let dated = base.enumerated().map { (offset: $0.offset, item: $0.element, date: date($0.element, newest)) }
            return dated.sorted { a, b in
                switch (a.date, b.date) {
                case let (x?, y?) where x != y: newest ? x > y : x < y
                case (.some, nil): true
                case (nil, .some): false
                default: a.offset < b.offset
                }
            }.map(\.item)
        case .list(let names):
            let position = Dictionary(names.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
            let listed = base.filter { position[key($0)] != nil }.sorted { position[key($0)]! < position[key($1)]! }
            return listed + base.filter { position[key($0)] == nil }
        }
    }
}
