import Foundation

extension ThumbHash {
    /// The RGBA image a hash stands for, 32 px on its long side (as the
    /// reference decodes it, colours boosted 1.25×); nil for bytes too short
    /// to be a hash.
    public static func decode(_ hash: [UInt8], baseSize: Int = 32, saturationBoost: Double = 1.25) -> (width: Int, height: Int, rgba: [UInt8])? {
        guard hash.count >= 5 else { return nil }
        let header24 = Int(hash[0]) | Int(hash[1]) << 8 | Int(hash[2]) << 16
        let header16 = Int(hash[3]) | Int(hash[4]) << 8
        let lDC = Double(header24 & 63) / 63
        let pDC = Double((header24 >> 6) & 63) / 31.5 - 1
        let qDC = Double((header24 >> 12) & 63) / 31.5 - 1
        let lScale = Double((header24 >> 18) & 31) / 31
        let hasAlpha = header24 >> 23 != 0
        let pScale = Double((header16 >> 3) & 63) / 63
        let qScale = Double((header16 >> 9) & 63) / 63
        let isLandscape = header16 >> 15 != 0
        let lCount = header16 & 7
        let lMax = hasAlpha ? 5 : 7
        let lx = max(3, isLandscape ? lMax : lCount)
        let ly = max(3, isLandscape ? lCount : lMax)
        guard !hasAlpha || hash.count >= 6 else { return nil }
        let aDC = hasAlpha ? Double(hash[5] & 15) / 15 : 1
        let aScale = hasAlpha ? Double(hash[5] >> 4) / 15 : 1

        let start = hasAlpha ? 6 : 5
        var index = 0
        func channel(nx: Int, ny: Int, scale: Double) -> [Double]? {
            var ac: [Double] = []
            for cy in 0..<ny {
                var cx = cy == 0 ? 1 : 0
                while cx * ny < nx * (ny - cy) {
                    let at = start + index / 2
                    guard at < hash.count else { return nil }
                    ac.append((Double((Int(hash[at]) >> ((index & 1) * 4)) & 15) / 7.5 - 1) * scale)
                    index += 1
                    cx += 1
                }
            }
            return ac
        }
        guard let lAC = channel(nx: lx, ny: ly, scale: lScale), let pAC = channel(nx: 3, ny: 3, scale: pScale * saturationBoost),
            let qAC = channel(nx: 3, ny: 3, scale: qScale * saturationBoost)
        else { return nil }
        let aAC = hasAlpha ? channel(nx: 5, ny: 5, scale: aScale) : []
        guard let aAC else { return nil }

        let ratio = Double(lx) / Double(ly)
        let (w, h) = ratio > 1 ? (baseSize, Int(jsRound(Double(baseSize) / ratio))) : (Int(jsRound(Double(baseSize) * ratio)), baseSize)
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        let nx = max(lx, hasAlpha ? 5 : 3)
        let ny = max(ly, hasAlpha ? 5 : 3)
        var fx = [Double](repeating: 0, count: nx)
        var fy = [Double](repeating: 0, count: ny)
        for y in 0..<h {
            for cy in 0..<ny { fy[cy] = cos(Double.pi / Double(h) * (Double(y) + 0.5) * Double(cy)) }
            for x in 0..<w {
                for cx in 0..<nx { fx[cx] = cos(Double.pi / Double(w) * (Double(x) + 0.5) * Double(cx)) }
                var l = lDC
                var j = 0
                for cy in 0..<ly {
                    var cx = cy == 0 ? 1 : 0
                    let fy2 = fy[cy] * 2
                    while cx * ly < lx * (ly - cy) {
                        l += lAC[j] * fx[cx] * fy2
                        j += 1
                        cx += 1
                    }
                }
                var (p, q) = (pDC, qDC)
                j = 0
                for cy in 0..<3 {
                    var cx = cy == 0 ? 1 : 0
                    let fy2 = fy[cy] * 2
                    while cx < 3 - cy {
                        let f = fx[cx] * fy2
                        p += pAC[j] * f
                        q += qAC[j] * f
                        j += 1
                        cx += 1
                    }
                }
                var a = aDC
                if hasAlpha {
                    j = 0
                    for cy in 0..<5 {
                        var cx = cy == 0 ? 1 : 0
                        let fy2 = fy[cy] * 2
                        while cx < 5 - cy {
                            a += aAC[j] * fx[cx] * fy2
                            j += 1
                            cx += 1
                        }
                    }
                }
                let b = l - 2.0 / 3.0 * p
                let r = (3 * l - b + q) / 2
                let g = r - q
                let i = (y * w + x) * 4
                for (offset, value) in [r, g, b, a].enumerated() {
                    rgba[i + offset] = UInt8(jsRound(max(0, min(1, value) * 255)))
                }
            }
        }
        return (w, h, rgba)
    }
}
