/// CSS gradients and no image: the sample averaged into 3 × 2 cells (2 × 3
/// for portraits), each painted as a radial gradient centred on its cell
/// that fades out over one cell, over the mean colour (1.5 and 0.8 cells
/// scored worse in docs/how-it-works.md's likeness table). About
/// 300 bytes; the browser draws it at any size with no decode.
public struct CSSGradientPlaceholder: PlaceholderCodec {
    public var kind: PlaceholderKind { .css }

    public init() {}

    public func sampleSize(aspect: Double) -> (width: Int, height: Int) {
        ImgSiteMedia.sampleSize(aspect: aspect, long: 24)
    }

    public func make(_ sample: PixelSample) -> Placeholder {
        let css = "background:" + Self.gradients(sample.flattened())
        return Placeholder(kind: kind, value: css, css: css)
    }

    /// The `background` value: one radial gradient a cell, the mean last.
    static func gradients(_ flat: RGBGrid) -> String {
        let (columns, rows) = flat.width >= flat.height ? (3, 2) : (2, 3)
        let cells = flat.averaged(columns: columns, rows: rows)
        let mean = flat.averaged(columns: 1, rows: 1)
        var layers: [String] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let x = percent((Double(column) + 0.5) / Double(columns))
                let y = percent((Double(row) + 0.5) / Double(rows))
                let radiusX = percent(1.0 / Double(columns)), radiusY = percent(1.0 / Double(rows))
                layers.append("radial-gradient(\(radiusX) \(radiusY) at \(x) \(y),\(cells.hexColour(at: row * columns + column)),#0000)")
            }
        }
        return (layers + [mean.hexColour(at: 0)]).joined(separator: ",")
    }

    private static func percent(_ fraction: Double) -> String { "\(Int((fraction * 100).rounded()))%" }
}
