/// The dominant colour: the most common colour of the sample flattened onto
/// the page background — the fullest of 512 colour boxes (3 bits a channel),
/// averaged over its own pixels — rather than the mean, which turns a blue
/// sky over red rocks into a brown neither has.
public struct ColorPlaceholder: PlaceholderCodec {
    public var kind: PlaceholderKind { .color }

    public init() {}

    public func sampleSize(aspect: Double) -> (width: Int, height: Int) {
        ImgSiteMedia.sampleSize(aspect: aspect, long: 32)
    }

    public func make(_ sample: PixelSample) -> Placeholder {
        let colour = Self.dominant(sample.flattened())
        return Placeholder(kind: kind, value: colour, css: "background:\(colour)")
    }

    /// "#rrggbb" of the fullest colour box.
    static func dominant(_ grid: RGBGrid) -> String {
        var counts = [Int](repeating: 0, count: 512)
        var sums = [Int](repeating: 0, count: 512 * 3)
        for pixel in 0..<(grid.width * grid.height) {
            let (r, g, b) = (Int(grid.pixels[pixel * 3]), Int(grid.pixels[pixel * 3 + 1]), Int(grid.pixels[pixel * 3 + 2]))
            let box = (r >> 5) << 6 | (g >> 5) << 3 | b >> 5
            counts[box] += 1
            sums[box * 3] += r
            sums[box * 3 + 1] += g
            sums[box * 3 + 2] += b
        }
        // Ties go to the lower box, so the choice is deterministic.
        let box = counts.indices.max { counts[$0] < counts[$1] || (counts[$0] == counts[$1] && $0 > $1) }!
        let n = counts[box]
        let mean = (0..<3).map { UInt8((sums[box * 3 + $0] + n / 2) / n) }
        return RGBGrid(width: 1, height: 1, pixels: mean).hexColour(at: 0)
    }
}
