/// Where CSS flexbox breaks the default theme's justified photo rows, and
/// how wide each photo ends up, as a share of the grid's content width.
///
/// Every length of a row is a share of the content width: a photo's
/// flex-basis is `aspect × rowHeight × 100%` and the column gap a
/// percentage, so flexbox breaks the lines at the same photos at every width
/// of a band, and this model (flexbox's own line-breaking and growth rules)
/// gives each photo's exact share. A line grows its photos in proportion to
/// their aspect (`flex-grow: aspect`), so all keep their shape and share one
/// height; the last line is held back by a filler (`::after`) that takes its
/// free space; a photo wider than a line alone shrinks to the line.
package struct JustifiedRows: Sendable {
    /// Height of an unstretched row, as a share of the content width.
    package var rowHeight: Double
    /// The column gap, as a share of the content width.
    package var gap: Double

    package init(rowHeight: Double, gap: Double) {
        (self.rowHeight, self.gap) = (rowHeight, gap)
    }

    /// One line of photos: their indices and widths (shares of the content width).
    package struct Line: Equatable {
        package var photos: Range<Int>
        package var widths: [Double]
    }

    /// One share of the content width per aspect (width / height), in order.
    package func widths(aspects: [Double]) -> [Double] {
        lines(aspects: aspects).flatMap(\.widths)
    }

    /// The lines flexbox makes of photos of `aspects` (width / height), in order.
    package func lines(aspects: [Double]) -> [Line] {
        // The filler is a flex item too: basis 0, but it brings a gap.
        let bases = aspects.map { $0 * rowHeight } + [0]
        var lines: [Line] = []
        var start = 0
        while start < aspects.count {
            var end = start + 1
            var used = bases[start]
            while end < bases.count, used + gap + bases[end] <= 1 + Self.tolerance {
                used += gap + bases[end]
                end += 1
            }
            let photos = start..<min(end, aspects.count)
            if end == bases.count {
                // The filler's line: it takes all the free space.
                lines.append(Line(photos: photos, widths: photos.map { min(bases[$0], 1) }))
            } else if photos.count == 1, used > 1 {
                lines.append(Line(photos: photos, widths: [1]))
            } else {
                let free = 1 - used
                let grow = photos.reduce(0) { $0 + aspects[$1] }
                lines.append(Line(photos: photos, widths: photos.map { bases[$0] + free * aspects[$0] / grow }))
            }
            start = end
        }
        return lines
    }

    /// Flexbox compares in 1/64 px layout units; shares this close are equal.
    static let tolerance = 1e-9
}
