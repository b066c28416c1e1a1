internal import CZlib

/// A minimal PNG encoder for placeholders: 8-bit RGB or RGBA, each row
/// filtered the way that leaves the smallest sum (libpng's heuristic), then
/// deflated at level 9. A 16 × 12 ThumbHash decode is about 200 bytes.
public enum TinyPNG {
    public static func encode(_ grid: RGBGrid) -> [UInt8] {
        encode(width: grid.width, height: grid.height, channels: 3, pixels: grid.pixels)
    }

    /// RGBA pixels; written as RGB when every pixel is opaque.
    public static func encode(_ sample: PixelSample) -> [UInt8] {
        guard !sample.hasAlpha else { return encode(width: sample.width, height: sample.height, channels: 4, pixels: sample.rgba) }
        let rgb = sample.rgba.enumerated().filter { $0.offset % 4 != 3 }.map(\.element)
        return encode(width: sample.width, height: sample.height, channels: 3, pixels: rgb)
    }

    package static func encode(width: Int, height: Int, channels: Int, pixels: [UInt8]) -> [UInt8] {
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, channels == 4 ? 6 : 2, 0, 0, 0]  // 8 bits, RGB(A), deflate, adaptive filter, no interlace
        let filtered = filter(width: width, height: height, channels: channels, pixels: pixels)
        return PNGChunks.signature + PNGChunks.encode("IHDR", header) + PNGChunks.encode("IDAT", deflate(filtered))
            + PNGChunks.encode("IEND", [])
    }

    /// Each row prefixed by its filter type, the filter chosen per row.
    package static func filter(width: Int, height: Int, channels: Int, pixels: [UInt8]) -> [UInt8] {
        let rowBytes = width * channels
        var out: [UInt8] = []
        out.reserveCapacity((rowBytes + 1) * height)
        let zero = [UInt8](repeating: 0, count: rowBytes)
        for row in 0..<height {
            let line = Array(pixels[row * rowBytes..<(row + 1) * rowBytes])
            let above = row == 0 ? zero : Array(pixels[(row - 1) * rowBytes..<row * rowBytes])
            let candidates = (0...4).map { type in (UInt8(type), apply(UInt8(type), line, above, channels)) }
            // Smallest sum of bytes taken as signed: libpng's choice.
            let best = candidates.min { cost($0.1) < cost($1.1) }!
            out.append(best.0)
            out += best.1
        }
        return out
    }

    private static func cost(_ bytes: [UInt8]) -> Int { bytes.reduce(0) { $0 + abs(Int(Int8(bitPattern: $1))) } }

    private static func apply(_ type: UInt8, _ line: [UInt8], _ above: [UInt8], _ bpp: Int) -> [UInt8] {
        line.indices.map { i in
            let a = i >= bpp ? Int(line[i - bpp]) : 0
            let b = Int(above[i])
            let c = i >= bpp ? Int(above[i - bpp]) : 0
            let predicted: Int
            switch type {
            case 1: predicted = a
            case 2: predicted = b
            case 3: predicted = (a + b) / 2
            case 4: predicted = paeth(a, b, c)
            default: predicted = 0
            }
            return UInt8(truncatingIfNeeded: Int(line[i]) - predicted)
        }
    }

    private static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
    }

    /// A zlib stream of `data` at level 9 (zlib's `compress2`).
    static func deflate(_ data: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = compress2(&out, &length, data, uLong(data.count), 9)
        precondition(status == Z_OK, "zlib compress2 failed (\(status)) on \(data.count) bytes")
        return Array(out.prefix(Int(length)))
    }
}
