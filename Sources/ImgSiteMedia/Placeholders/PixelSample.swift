/// A tiny RGBA image: what a placeholder is computed from. It keeps alpha,
/// so ThumbHash can carry it; kinds that cannot composite it onto the page
/// background first (`flattened`).
public struct PixelSample: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// Interleaved R, G, B, A bytes, row by row (not premultiplied).
    public var rgba: [UInt8]

    /// The colour transparent parts are composited onto: the page background
    /// of the default theme (`style.css`).
    public static let backdrop: (red: UInt8, green: UInt8, blue: UInt8) = (255, 255, 255)

    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(width > 0 && height > 0 && rgba.count == width * height * 4, "PixelSample needs width × height × 4 bytes")
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// True when any pixel is less than opaque.
    public var hasAlpha: Bool { stride(from: 3, to: rgba.count, by: 4).contains { rgba[$0] < 255 } }

    /// Composited onto `backdrop`: what the page shows of the image.
    public func flattened() -> RGBGrid {
        let back = [Self.backdrop.red, Self.backdrop.green, Self.backdrop.blue].map(Int.init)
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for pixel in 0..<(width * height) {
            let alpha = Int(rgba[pixel * 4 + 3])
            for channel in 0..<3 {
                let value = Int(rgba[pixel * 4 + channel]) * alpha + back[channel] * (255 - alpha)
                rgb[pixel * 3 + channel] = UInt8((value + 127) / 255)
            }
        }
        return RGBGrid(width: width, height: height, pixels: rgb)
    }
}

/// A tiny RGB image: a flattened sample, and what a grid or BlurHash
/// string decodes back to.
public struct RGBGrid: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// Interleaved R, G, B bytes, row by row.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 3, "RGBGrid needs width × height × 3 bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Box-averaged down to `columns` × `rows` cells (each at least one pixel).
    public func averaged(columns: Int, rows: Int) -> RGBGrid {
        var cells = [UInt8](repeating: 0, count: columns * rows * 3)
        for row in 0..<rows {
            let top = row * height / rows, bottom = max(top + 1, (row + 1) * height / rows)
            for column in 0..<columns {
                let left = column * width / columns, right = max(left + 1, (column + 1) * width / columns)
                var sums = [0, 0, 0]
                for y in top..<bottom {
                    for x in left..<right {
                        for channel in 0..<3 { sums[channel] += Int(pixels[(y * width + x) * 3 + channel]) }
                    }
                }
                let count = (bottom - top) * (right - left)
                for channel in 0..<3 { cells[(row * columns + column) * 3 + channel] = UInt8((sums[channel] + count / 2) / count) }
            }
        }
        return RGBGrid(width: columns, height: rows, pixels: cells)
    }

    /// The same pixels with an opaque alpha channel.
    var opaque: PixelSample {
        var rgba = [UInt8]()
        rgba.reserveCapacity(width * height * 4)
        for pixel in 0..<(width * height) { rgba += pixels[pixel * 3..<pixel * 3 + 3] + [255] }
        return PixelSample(width: width, height: height, rgba: rgba)
    }

    /// Each pixel as "#rrggbb".
    func hexColour(at index: Int) -> String {
        "#" + pixels[index * 3..<index * 3 + 3].map { byte in
            let text = String(byte, radix: 16)
            return text.count == 1 ? "0" + text : text
        }.joined()
    }
}
