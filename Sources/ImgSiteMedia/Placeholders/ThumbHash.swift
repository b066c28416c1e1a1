import Foundation

/// ThumbHash (Evan Wallace, https://evanw.github.io/thumbhash/): an image of
/// at most 100 × 100 pixels as about 25 bytes — luminance, two colour
/// channels and alpha as a few cosine coefficients each, plus the aspect
/// ratio. This follows the reference operation for operation, in the same
/// order and in Double, so hashes are bit for bit those of the JS original
/// (checked against vectors made with thumbhash-python under JS rounding:
/// `scripts/placeholders/make-vectors.py`). Rounding is JS `Math.round`,
/// half up; every rounded value here is non-negative, where Swift's
/// `.rounded()` agrees with it.
public enum ThumbHash {
    /// The hash of `width` × `height` RGBA pixels (each side 1…100).
    public static func encode(width w: Int, height h: Int, rgba: [UInt8]) -> [UInt8] {
        precondition((1...100).contains(w) && (1...100).contains(h) && rgba.count == w * h * 4)
        let pixels = w * h
        // The average colour, weighted by alpha.
        var (averageR, averageG, averageB, averageA) = (0.0, 0.0, 0.0, 0.0)
        for i in 0..<pixels {
            let alpha = Double(rgba[i * 4 + 3]) / 255
            averageR += alpha / 255 * Double(rgba[i * 4])
            averageG += alpha / 255 * Double(rgba[i * 4 + 1])
            averageB += alpha / 255 * Double(rgba[i * 4 + 2])
            averageA += alpha
        }
        if averageA > 0 {
            averageR /= averageA
            averageG /= averageA
            averageB /= averageA
        }
        let hasAlpha = averageA < Double(pixels)
        let limit = hasAlpha ? 5.0 : 7.0
        let longest = Double(max(w, h))
        let lx = max(1, Int(jsRound(limit * Double(w) / longest)))
        let ly = max(1, Int(jsRound(limit * Double(h) / longest)))
        // Premultiplied onto the average colour, then to L, P, Q.
        var (l, p, q, a) = ([Double](repeating: 0, count: pixels), [Double](repeating: 0, count: pixels),
                            [Double](repeating: 0, count: pixels), [Double](repeating: 0, count: pixels))
        for i in 0..<pixels {
            let alpha = Double(rgba[i * 4 + 3]) / 255
            let r = averageR * (1 - alpha) + alpha / 255 * Double(rgba[i * 4])
            let g = averageG * (1 - alpha) + alpha / 255 * Double(rgba[i * 4 + 1])
            let b = averageB * (1 - alpha) + alpha / 255 * Double(rgba[i * 4 + 2])
            l[i] = (r + g + b) / 3
            p[i] = (r + g) / 2 - b
            q[i] = r - g
            a[i] = alpha
        }
        let lChannel = Channel(l, width: w, height: h, nx: max(lx, 3), ny: max(ly, 3))
        let pChannel = Channel(p, width: w, height: h, nx: 3, ny: 3)
        let qChannel = Channel(q, width: w, height: h, nx: 3, ny: 3)
        let aChannel = hasAlpha ? Channel(a, width: w, height: h, nx: 5, ny: 5) : nil

        let isLandscape = w > h
        let header24 = Int(jsRound(63 * lChannel.dc)) | Int(jsRound(31.5 + 31.5 * pChannel.dc)) << 6
            | Int(jsRound(31.5 + 31.5 * qChannel.dc)) << 12 | Int(jsRound(31 * lChannel.scale)) << 18 | (hasAlpha ? 1 << 23 : 0)
        let header16 = (isLandscape ? ly : lx) | Int(jsRound(63 * pChannel.scale)) << 3 | Int(jsRound(63 * qChannel.scale)) << 9
            | (isLandscape ? 1 << 15 : 0)
        var hash: [UInt8] = [UInt8(header24 & 255), UInt8((header24 >> 8) & 255), UInt8(header24 >> 16),
                             UInt8(header16 & 255), UInt8(header16 >> 8)]
        if let aChannel { hash.append(UInt8(Int(jsRound(15 * aChannel.dc)) | Int(jsRound(15 * aChannel.scale)) << 4)) }
        let start = hash.count
        var index = 0
        for channel in [lChannel, pChannel, qChannel] + (aChannel.map { [$0] } ?? []) {
            for factor in channel.ac {
                if start + index / 2 == hash.count { hash.append(0) }
                hash[start + index / 2] |= UInt8(Int(jsRound(15 * factor)) << ((index & 1) * 4))
                index += 1
            }
        }
        return hash
    }

    /// JS `Math.round`: half up.
    static func jsRound(_ value: Double) -> Double { (value + 0.5).rounded(.down) }

    /// One channel's cosine coefficients: DC, AC scaled into 0…1, and the scale.
    private struct Channel {
        package var dc = 0.0
        var ac: [Double] = []
        package var scale = 0.0

        package init(_ values: [Double], width w: Int, height h: Int, nx: Int, ny: Int) {
            var fx = [Double](repeating: 0, count: w)
            for cy in 0..<ny {
                var cx = 0
                while cx * ny < nx * (ny - cy) {
                    var f = 0.0
                    for x in 0..<w { fx[x] = cos(Double.pi / Double(w) * Double(cx) * (Double(x) + 0.5)) }
                    for y in 0..<h {
                        let fy = cos(Double.pi / Double(h) * Double(cy) * (Double(y) + 0.5))
                        for x in 0..<w { f += values[x + y * w] * fx[x] * fy }
                    }
                    f /= Double(w * h)
                    if cx > 0 || cy > 0 {
                        ac.append(f)
                        scale = max(scale, abs(f))
                    } else {
                        dc = f
                    }
                    cx += 1
                }
            }
            if scale > 0 { ac = ac.map { 0.5 + 0.5 / scale * $0 } }
        }
    }
}
