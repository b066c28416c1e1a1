/// A minimal PNG encoder for placeholder grids: 8-bit RGB, uncompressed
/// (stored) deflate. A 4 × 3 grid is about 100 bytes, and no library call.
public enum TinyPNG {
    public static func encode(_ grid: RGBGrid) -> [UInt8] {
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(grid.width))
        header.appendBigEndian(UInt32(grid.height))
        header += [8, 2, 0, 0, 0]  // 8 bits, RGB, deflate, adaptive filter, no interlace

        var raw: [UInt8] = []
        let rowBytes = grid.width * 3
        for row in 0..<grid.height {
            raw.append(0)  // filter: none
            raw += grid.pixels[row * rowBytes..<(row + 1) * rowBytes]
        }

        return PNGChunks.signature + PNGChunks.encode("IHDR", header) + PNGChunks.encode("IDAT", zlibStored(raw))
            + PNGChunks.encode("IEND", [])
    }

    /// zlib stream of stored deflate blocks (each at most 65,535 bytes).
    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let isLast = offset + count == data.count
            out.append(isLast ? 1 : 0)
            out += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<offset + count]
            offset += count
        } while offset < data.count
        out.appendBigEndian(adler32(data))
        return out
    }

    private static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}

