/// Beside WebP, JPEG is the fallback for the few browsers that read
/// neither WebP nor AVIF (every current one reads WebP: Safari since 14,
/// 2020). They take the `<img>`'s own `srcset`, which need not be as fine
/// as the `<source>`s': a few widths about twice apart are enough. Alone,
/// dropping the others took a 24 MP photo's site from 65.8 files and
/// 5.1 MB to 42 files and 2.45 MB (`make bench-site-size`).
/// `jpeg.widths: all` keeps a JPEG at every width.
package enum JPEGFallback {
    /// The width social cards are drawn at (Open Graph's recommended
    /// 1,200): the pages' share tags point at the JPEG planned for it.
    package static let shareWidth = 1200

    /// The fallback's widths from a ladder (largest first): the smallest at
    /// least `shareWidth` wide (the social card's file, and what a photo
    /// page paints on most screens), else the largest; then each the first
    /// at most about half the one before, `count` in all.
    package static func widths(of chain: [Int]) -> [Int] {
        guard let top = chain.last(where: { $0 >= shareWidth }) ?? chain.first else { return [] }
        var kept = [top]
        for width in chain where kept.count < count && width < top && Double(width) <= Double(kept.last!) * halving {
            kept.append(width)
        }
        return kept
    }

    /// "About half": the first at most 0.55 of the last kept is within a
    /// rung of half.
    static let halving = 0.55
    /// Widths at most: about 1,200, 600 and 300 px, from a photo page down
    /// to a phone's grid cell.
    package static let count = 3
}
