/// The pixel-grid placeholder of mobile apps: the image reduced to a few
/// colour cells (up to 4 on the long side), each channel kept to 6 bits and
/// written as one base64url character. A 3:2 photo is 4 × 3 cells: 37 characters.
///
/// Layout: one character for the grid size, `(width-1) * 4 + (height-1)`,
/// then R, G, B of each cell, row by row.
public struct GridPlaceholder: PlaceholderCodec {
    public static let maxCells = 4
    package static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    public var kind: PlaceholderKind { .grid }

    public init() {}

    public func sampleSize(aspect: Double) -> (width: Int, height: Int) {
        ImgSiteMedia.sampleSize(aspect: aspect, long: Self.maxCells)
    }

    public func make(_ sample: PixelSample) -> Placeholder {
        let value = encode(sample.flattened())
        return Placeholder(kind: kind, value: value, css: Placeholder.imageCSS(Placeholder.pngDataURI(TinyPNG.encode(decode(value)!))))
    }

    public func encode(_ sample: RGBGrid) -> String {
        var characters = [Self.alphabet[(sample.width - 1) * 4 + (sample.height - 1)]]
        characters += sample.pixels.map { Self.alphabet[Int($0 >> 2)] }
        return String(decoding: characters, as: UTF8.self)
    }

    public func decode(_ text: String) -> RGBGrid? {
        let values = text.utf8.map { byte in Self.alphabet.firstIndex(of: byte) }
        guard let size = values.first ?? nil, !values.contains(nil) else { return nil }
        let width = size / 4 + 1, height = size % 4 + 1
        let cells = values.dropFirst().compactMap { $0 }
        guard cells.count == width * height * 3 else { return nil }
        // Spread 6 bits over 8: 63 → 255, 0 → 0.
        return RGBGrid(width: width, height: height, pixels: cells.map { UInt8($0 << 2 | $0 >> 4) })
    }
}
