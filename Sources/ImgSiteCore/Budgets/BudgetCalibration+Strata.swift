import Foundation
import ImgSiteMedia

extension BudgetCalibration {
    /// Which strata's samples are encoded: four spread over the library
    /// first, then the middle of each gap whose two ends disagree, until
    /// every gap's ends agree or no stratum is left between them. A stratum
    /// between two that agree takes the nearer one's curves (within 10 %
    /// of both). Photos alike in content cost 4 samples; 100 mosaics of
    /// 24 MP, 6 (their neighbouring strata differ by up to 29 % in WebP
    /// bytes per pixel); 64 photos of ten kinds, all 16 (`make
    /// bench-predict`'s figures are those of every sample).
    enum Strata {
        /// Ends agree when each of their curves' figures is within this
        /// ratio: a stratum between them then errs by less.
        static let agreement = 1.1
        static let firstRound = 4

        /// The samples of the strata encoded, by stratum, each stratum's
        /// sample made by `sample` on `workers`; `loaders`: each stratum's
        /// sample's loader (two loaders never agree). Each gap's middle is
        /// encoded as soon as its ends are in (the same strata as round by round).
        static func measure(loaders: [String], workers: Int, _ sample: @escaping @Sendable (Int) -> Sample) -> [Int: Sample] {
            WorkerPool.expanding(spread(loaders.count, taking: firstRound), workers: workers, sample) { samples, asked in
                middles(samples, asked: asked, loaders: loaders)
            }
        }

        /// `count` strata spread from the first to the last.
        static func spread(_ count: Int, taking wanted: Int) -> [Int] {
            guard count > wanted else { return Array(0..<count) }
            let last = Double(count - 1)
            return (0..<wanted).map { Int((Double($0) * last / Double(wanted - 1)).rounded()) }
        }

        /// The middles of the gaps between strata asked for whose ends are
        /// both encoded and disagree.
        private static func middles(_ samples: [Int: Sample], asked: Set<Int>, loaders: [String]) -> [Int] {
            let ends = asked.sorted()
            return zip(ends, ends.dropFirst()).compactMap { low, high in
                guard high - low > 1, let a = samples[low], let b = samples[high] else { return nil }
                return agree(a.curves, b.curves, loaders: (loaders[low], loaders[high])) ? nil : (low + high) / 2
            }
        }

        /// Same loader, both decoded, and every figure within `agreement`.
        static func agree(_ x: [String: EncodeCurve]?, _ y: [String: EncodeCurve]?, loaders: (String, String)) -> Bool {
            guard loaders.0 == loaders.1, let x, let y, Set(x.keys) == Set(y.keys) else { return false }
            return x.allSatisfy { key, curve in
                zip(figures(curve), figures(y[key]!)).allSatisfy { pair in
                    let (p, q) = (max(pair.0, 1e-9), max(pair.1, 1e-9))
                    return max(p, q) / min(p, q) <= agreement
                }
            }
        }

        /// What a curve predicts from: its bytes per pixel at 1,024 and at
        /// 400 px, and what quality 80 takes off.
        static func figures(_ curve: EncodeCurve) -> [Double] {
            let small = curve.pixels * pow(Double(smallWidth) / Double(largeWidth), 2)
            return [curve.bytes / curve.pixels, curve.bytes(pixels: small) / small, curve.at80 ?? 1]
        }
    }
}
