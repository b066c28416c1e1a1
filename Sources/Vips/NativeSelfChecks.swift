internal import CVipsShim
import Foundation

/// The start-up checks of the native paths whose code is imgsite's own and
/// is not checked where it is switched on (`NativeGates` decides the
/// others from what is loaded): each runs once, on first use, and a path whose check fails stays
/// off, said by `--version` and `--verbose`.
enum NativeSelfChecks {
    /// libjpeg-turbo's encoder and decoder (`CVipsShim/jpeg.c`) against
    /// libvips: a 64 × 32 gradient encoded by the shim must decode in libvips
    /// to its size, 4:2:0, with the same mean colour, and the shim's decode
    /// at 1/2 must give half the size and the same mean.
    static let jpegCodec: Bool = {
        let (width, height) = (64, 32)
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { pixels += [UInt8(x * 4), UInt8(y * 8), UInt8(255 - x * 2), 255] }
        }
        guard let source = try? VipsImage.rgba(pixels, width: width, height: height).flattened().materialized(),
            let expected = try? mean(source.pixelBytes()),
            let bytes = try? source.plainJPEG(quality: 90, progressive: true, subsample420: true),
            let decoded = try? VipsImage.decode(bytes), decoded.width == width, decoded.height == height,
            decoded.string("jpeg-chroma-subsample") == "4:2:0", let decodedMean = try? mean(decoded.pixelBytes()),
            zip(decodedMean, expected).allSatisfy({ abs($0 - $1) < 3 })
        else { return false }
        let file = FileManager.default.temporaryDirectory.appending(path: "imgsite-jpeg-check-\(getpid()).jpg")
        defer { try? FileManager.default.removeItem(at: file) }
        guard (try? Data(bytes).write(to: file)) != nil, let half = VipsImage.decodedPlainJPEG(file.path, shrink: 2),
            half.width == width / 2, half.height == height / 2, let halfMean = try? mean(half.pixelBytes())
        else { return false }
        return zip(halfMean, expected).allSatisfy { abs($0 - $1) < 3 }
    }()

    /// The lcms test of sRGB profiles (`CVipsShim/icc.c`) tells lcms's own
    /// sRGB profile from a wider one.
    static let srgbProfiles: Bool = (try? LibvipsCall.run("icc_transform") { imgsite_icc_self_check() != 0 }) != nil

    /// Each channel's mean over interleaved RGB bytes.
    private static func mean(_ rgb: [UInt8]) -> [Double] {
        (0..<3).map { channel in
            let values = stride(from: channel, to: rgb.count, by: 3).map { Double(rgb[$0]) }
            return values.reduce(0, +) / Double(max(values.count, 1))
        }
    }
}
