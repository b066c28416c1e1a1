import Foundation

/// BlurHash (Wolt, https://blurha.sh): an RGB image as x × y cosine
/// components (1…9 each) in base 83, 28 characters at 4 × 3. This follows the
/// C original operation for operation — single-precision sums in pixel
/// order, the same mixed float/double expressions, glibc's `cosf`/`powf` —
/// so strings are bit for bit those of the C original (checked against
/// vectors made with blurhash-python, which wraps it:
/// `scripts/placeholders/make-vectors.py`).
public enum BlurHash {
    package static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~".utf8)

    /// The hash of `width` × `height` RGB pixels (3 bytes each).
    public static func encode(width: Int, height: Int, rgb: [UInt8], components: (x: Int, y: Int)) -> String {
        precondition((1...9).contains(components.x) && (1...9).contains(components.y) && rgb.count == width * height * 3)
        let (nx, ny) = components
        let linear = (0..<256).map { sRGBToLinear($0) }
        var factors: [(Float, Float, Float)] = []
        for j in 0..<ny {
            for i in 0..<nx {
                var (r, g, b): (Float, Float, Float) = (0, 0, 0)
                for y in 0..<height {
                    for x in 0..<width {
                        let basis = cosf(Float(Double.pi * Double(i) * Double(x) / Double(width)))
                            * cosf(Float(Double.pi * Double(j) * Double(y) / Double(height)))
                        let at = 3 * x + y * width * 3
                        r += basis * linear[Int(rgb[at])]
                        g += basis * linear[Int(rgb[at + 1])]
                        b += basis * linear[Int(rgb[at + 2])]
                    }
                }
                let scale = Float(i == 0 && j == 0 ? 1 : 2) / Float(width * height)
                factors.append((r * scale, g * scale, b * scale))
            }
        }
        var text = digits((nx - 1) + (ny - 1) * 9, length: 1)
        let ac = factors.dropFirst()
        var maximum: Float = 1
        if ac.isEmpty {
            text += digits(0, length: 1)
        } else {
            let actual = ac.reduce(Float(0)) { fmaxf(fmaxf(fmaxf(fabsf($1.0), $0), fabsf($1.1)), fabsf($1.2)) }
            let quantised = Int(fmaxf(0, fminf(82, floorf(Float(Double(actual * 166) - 0.5)))))
            maximum = (Float(quantised) + 1) / 166
            text += digits(quantised, length: 1)
        }
        let dc = factors[0]
        text += digits(linearToSRGB(dc.0) << 16 + linearToSRGB(dc.1) << 8 + linearToSRGB(dc.2), length: 4)
        for factor in ac {
            let quantised = [factor.0, factor.1, factor.2].map { value in
                Int(fmaxf(0, fminf(18, floorf(Float(Double(signPow(value / maximum, 0.5) * 9) + 9.5)))))
            }
            text += digits(quantised[0] * 19 * 19 + quantised[1] * 19 + quantised[2], length: 2)
        }
        return text
    }

    /// C: `float v = value / 255; v <= 0.04045 ? v / 12.92 : powf((v + 0.055) / 1.055, 2.4)`, in C's precisions.
    static func sRGBToLinear(_ value: Int) -> Float {
        let v = Float(value) / 255
        if Double(v) <= 0.04045 { return Float(Double(v) / 12.92) }
        return powf(Float((Double(v) + 0.055) / 1.055), 2.4)
    }

    /// C: clamped to 0…1, then `(int)(v * 12.92 * 255 + 0.5)` or the power curve, in double.
    static func linearToSRGB(_ value: Float) -> Int {
        let v = fmaxf(0, fminf(1, value))
        if Double(v) <= 0.0031308 { return Int(Double(v) * 12.92 * 255 + 0.5) }
        let exponent = Float(Double(1) / 2.4)  // C: the double 1 / 2.4, passed to powf as a float
        return Int((1.055 * Double(powf(v, exponent)) - 0.055) * 255 + 0.5)
    }

    static func signPow(_ value: Float, _ exponent: Float) -> Float {
        copysignf(powf(fabsf(value), exponent), value)
    }

    private static func digits(_ value: Int, length: Int) -> String {
        var divisor = 1
        for _ in 1..<max(length, 1) { divisor *= 83 }
        var out: [UInt8] = []
        for _ in 0..<length {
            out.append(alphabet[(value / divisor) % 83])
            divisor /= 83
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension BlurHash {
    /// The RGB image (3 bytes a pixel) a hash stands for at `width` × `height`;
    /// nil if the string is not a BlurHash.
    public static func decode(_ hash: String, width: Int, height: Int, punch: Float = 1) -> [UInt8]? {
        let values = hash.utf8.map { alphabet.firstIndex(of: $0) }
        guard values.count >= 6, !values.contains(nil) else { return nil }
        let digits = values.map { $0! }
        func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 83 + $1 } }
        let size = number(0..<1)
        let (nx, ny) = (size % 9 + 1, size / 9 + 1)
        guard digits.count == 4 + 2 * nx * ny else { return nil }
        let maximum = Float(number(1..<2) + 1) / 166 * punch
        var colours: [(Float, Float, Float)] = []
        let dc = number(2..<6)
        colours.append((sRGBToLinear(dc >> 16), sRGBToLinear((dc >> 8) & 255), sRGBToLinear(dc & 255)))
        for index in 1..<(nx * ny) {
            let value = number((4 + index * 2)..<(6 + index * 2))
            let quantised = [value / (19 * 19), (value / 19) % 19, value % 19]
            let c = quantised.map { signPow((Float($0) - 9) / 9, 2) * maximum }
            colours.append((c[0], c[1], c[2]))
        }
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                var (r, g, b): (Float, Float, Float) = (0, 0, 0)
                for j in 0..<ny {
                    for i in 0..<nx {
                        let basis = Float(cos(Double.pi * Double(x * i) / Double(width)) * cos(Double.pi * Double(y * j) / Double(height)))
                        let colour = colours[i + j * nx]
                        r += colour.0 * basis
                        g += colour.1 * basis
                        b += colour.2 * basis
                    }
                }
                let at = 3 * (x + y * width)
                rgb[at] = UInt8(clamping: linearToSRGB(r))
                rgb[at + 1] = UInt8(clamping: linearToSRGB(g))
                rgb[at + 2] = UInt8(clamping: linearToSRGB(b))
            }
        }
        return rgb
    }
}
