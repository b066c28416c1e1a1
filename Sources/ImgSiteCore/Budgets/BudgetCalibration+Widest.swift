import Foundation
import ImgSitePlanning
import Vips

extension BudgetCalibration {
    /// How a sample's bytes grow above 1,024 px, up to its widest files.
    /// Extrapolated from 400 → 1,024 px, the widest files were up to 32 %
    /// under on smooth photos and 81 % under on high-ISO noise (detail finer
    /// than 1,024 px shows only in the larger files). So a band of the
    /// photo (`band(of:)`) is encoded at the widest file's size, and the same
    /// band at 1,024 px. Two estimates of the widest file come from them:
    /// the whole 1,024 px file times the band's growth (a ratio: wrong where
    /// the band's content grows unlike the rest, as a logo in a dithered
    /// gradient), and the wide band's bytes per pixel times the photo's
    /// pixels (wrong where the band is busier than the rest). Their
    /// geometric mean is taken: on 56 photos of ten kinds, the widest WebP
    /// −0.5 % on average, ±4.3 % per photo, at most 28 % off (the ratio
    /// alone −4.2 %, ±5.6 %, 43 %; the pixels alone +3.8 %, ±7.8 %, 41 %;
    /// the best of the three on the 15 tuning photos alone too).
    /// `make bench-predict` has the error by kind of content. Only the band
    /// is resized and encoded.
    struct Widest {
        /// A 3:2 photo's band: a quarter of its height, in strips centred here.
        static let (share, middles) = (0.25, [1.0 / 6, 0.5, 5.0 / 6])
        /// Files at most this much wider than the sample follow its curve.
        static let reach = 1.3
        var source: Source
        var settings: ImageSettings
        /// The widest file of each kind (format and role) the photo gets.
        var widths: [String: Int]
        /// Nil when no file is wider than `reach` times `largeWidth`, the
        /// sample's width (1,024 px, or the photo's own).
        init?(_ source: Source, settings: ImageSettings, largeWidth: Int) {
            let (width, height) = (source.header.width, source.header.height)
            (self.source, self.settings) = (source, settings)
            let specs = settings.outputs(width: width, height: height, animation: nil, phase: 0).specs
            widths = Dictionary(specs.map { (EncodeCurve.key($0), $0.width) }, uniquingKeysWith: max)
                .filter { Self.isWide($0.value, sample: largeWidth) }
            if widths.isEmpty { return nil }
        }

        /// Whether a file `width` px wide is beyond what a sample `sample` px
        /// wide reaches without the band.
        static func isWide(_ width: Int, sample: Int) -> Bool {
            Double(width) > Double(sample) * reach
        }

        /// The band as decoded, for every kind.
        private var decoded: VipsImage?

        /// The exponent from the 1,024 px file (`largeFile`) to the widest
        /// of `key`'s kind, or nil when none is wider than `reach`;
        /// `largeBand`: the bytes of the band cut from that file's image.
        mutating func exponent(_ key: VariantSpec, largeFile: (pixels: Double, bytes: Double), largeBand small: Double) throws(VipsError) -> Double? {
            guard let width = widths[EncodeCurve.key(key)] else { return nil }
            let band = try band(width: width)
            let wide = try BudgetCalibration.bytes(band, key: key, settings: settings).bytes
            guard small > 0 else { return nil }
            let pixels = Double(band.width) * Double(band.width) * Double(source.header.height) / Double(max(1, source.header.width))
            let ratio = largeFile.bytes * wide / small
            let expansion = wide * pixels / Double(max(1, band.width * band.height))
            let bytes = (ratio * expansion).squareRoot()
            // Up to 3: a dithered gradient, smoothed away at 1,024 px, measured 2.2.
            return min(3, max(0.3, log(bytes / largeFile.bytes) / log(pixels / largeFile.pixels)))
        }

        /// The band at `width`, from the widest one decoded.
        private mutating func band(width: Int) throws(VipsError) -> VipsImage {
            let decoded: VipsImage
            if let made = self.decoded {
                decoded = made
            } else {
                let image = try VipsImage.thumbnail(
                    of: source.job.source.decodePath(settings.video), width: decodeWidth(widths.values.max() ?? width), toSRGB: source.header.needsColourTransform)
                image.removeMetadata { _ in true }
                decoded = try Self.band(of: image).materialized()
                self.decoded = decoded
            }
            guard decoded.width > width else { return decoded }
            return try decoded.downsized(toWidth: width, height: max(1, decoded.height * width / decoded.width))
        }

        /// The width the bands are decoded at: the widest file's, or a
        /// tenth less where a JPEG then decodes at half its size (a 24 MP
        /// camera file at 3,000 px for a 3,136 px file: a quarter of the
        /// work, and the exponent carries the rest).
        private func decodeWidth(_ widest: Int) -> Int {
            let half = source.header.width / 2
            return Double(half) >= Double(widest) * 0.9 ? min(widest, half) : widest
        }

        /// Three strips across the photo, at a sixth, a half and five sixths
        /// of its height, stacked into one image: together a quarter of a 3:2
        /// photo's height; of a wider one (a panorama), as many pixels. One
        /// band across the middle measured the widest file −5.5 % on average
        /// and ±9.7 % per photo on 51 photos; these, −3.2 % and ±6.9 %
        /// (three separate files: more under, each file's overhead and edges
        /// weighing more at 1,024 px).
        static func band(of image: VipsImage) throws(VipsError) -> VipsImage {
            try VipsImage.stacked(strips(of: image))
        }

        /// `band(of:)`'s strips, each in memory.
        static func strips(of image: VipsImage) throws(VipsError) -> [VipsImage] {
            let aspect = Double(image.width) / Double(max(1, image.height))
            let share = min(0.5, Self.share * max(1, aspect / 1.5)) / Double(middles.count)
            let rows = max(1, Int((Double(image.height) * share).rounded()))
            var strips: [VipsImage] = []
            for middle in middles {
                let top = max(0, min(image.height - rows, Int(Double(image.height) * middle) - rows / 2))
                // Each strip computed in turn, top to bottom: the source is
                // read once, in order (stacked lazily, it was read again and
                // again: planning took 2.7 times as long).
                strips.append(try image.cropped(left: 0, top: top, width: image.width, height: rows).materialized())
            }
            return strips
        }
    }
}
