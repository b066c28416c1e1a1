/// The sizes a clip's video files are made at: rungs of a ladder of short
/// sides (480, 720, 1080: "1080p" is the height of a landscape clip and the
/// width of a portrait one), up to `video.max_height` and never above the
/// clip's own; a clip between rungs gets its own size as its top rung.
package struct ClipLadder: Sendable, Equatable {
    package static let rungs = [480, 720, 1080]

    package struct Size: Equatable {
        package var width: Int
        package var height: Int
    }

    /// Sizes, largest first (the first is the poster's).
    package var sizes: [Size]

    /// The largest: the poster's, and what every file is scaled from.
    package var top: Size { sizes[0] }

    package init(width: Int, height: Int, maxHeight: Int) {
        let short = min(width, height), long = max(width, height)
        let top = min(short, maxHeight)
        let sides = Self.rungs.filter { $0 < top } + [top]
        sizes = sides.reversed().map { side in
            let other = Self.even(Double(long) * Double(side) / Double(short))
            return width <= height ? Size(width: Self.even(Double(side)), height: other) : Size(width: other, height: Self.even(Double(side)))
        }
    }

    /// Encoders take 4:2:0 frames of even sides.
    private static func even(_ side: Double) -> Int { max(2, Int((side / 2).rounded()) * 2) }
}
