import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Synchronization
import Testing

/// Which samples a budget's planning encodes: only where the library's
/// content changes (`BudgetCalibration.Strata`), and bands only of the
/// kinds of file a plan keeps wide (`SitePredictor.wideKinds`).
@Suite struct BudgetSamplingTests {
    /// WebP and JPEG curves costing `scale` times a camera photo's.
    static func curves(_ scale: Double) -> [String: EncodeCurve] {
        ["webp": EncodeCurve(pixels: 1024 * 683, bytes: 150_000 * scale, exponent: 0.7),
         "jpeg": EncodeCurve(pixels: 1024 * 683, bytes: 210_000 * scale, exponent: 0.75)]
    }

    /// The strata encoded, in order, when stratum `i` costs `scale(i)` (nil: cannot be decoded).
    static func encoded(_ loaders: [String], scale: @escaping @Sendable (Int) -> Double?) -> [Int] {
        let asked = Mutex<[Int]>([])
        let samples = BudgetCalibration.Strata.measure(loaders: loaders, workers: 2) { stratum in
            asked.withLock { $0.append(stratum) }
            return .init(curves: scale(stratum).map(curves), phase: nil, band: nil)
        }
        #expect(asked.withLock { $0 }.sorted() == samples.keys.sorted(), "each stratum encoded once")
        return samples.keys.sorted()
    }

    @Test("a library of alike photos encodes four samples, spread from the first stratum to the last")
    func alike() {
        // 1 % more bytes a stratum: 16 % from the first to the last, 5 % across each gap.
        #expect(Self.encoded(Array(repeating: "jpegload", count: 16)) { 1 + Double($0) * 0.01 } == [0, 5, 10, 15])
    }

    @Test("a library whose content changes from stratum to stratum encodes every sample, once")
    func mixed() {
        #expect(Self.encoded(Array(repeating: "jpegload", count: 16)) { pow(1.2, Double($0)) } == Array(0..<16))
    }

    @Test("two loaders never stand for each other, and an undecodable sample's neighbours are encoded")
    func loadersAndFailures() {
        let loaders = Array(repeating: "jpegload", count: 8) + Array(repeating: "pngload", count: 8)
        // 0, 5, 10, 15 first; 5 and 10 differ in loader, so 7, then 8, the boundary.
        #expect(Self.encoded(loaders) { _ in 1 } == [0, 5, 7, 8, 10, 15])
        let failed = Self.encoded(Array(repeating: "jpegload", count: 16)) { $0 == 5 ? nil : 1 }
        // 5 cannot be decoded: the gaps next to it are split down to it.
        #expect(failed == [0, 2, 3, 4, 5, 6, 7, 10, 15])
    }

    @Test("fewer strata than the first round: each is encoded")
    func few() {
        #expect(Self.encoded(["jpegload", "jpegload", "jpegload"]) { _ in 1 } == [0, 1, 2])
        #expect(BudgetCalibration.Strata.spread(9, taking: 4) == [0, 3, 5, 8])
    }

    @Test("bands are encoded only of the kinds of file a plan keeps wider than 1,331 px")
    func wideKinds() {
        let predictor = SiteBudgetTests.predictor(photos: 3)
        var config = SiteConfig()
        #expect(predictor.wideKinds(config).isSuperset(of: ["webp", "avif-dense"]))
        config.denseFormat = nil
        #expect(!predictor.wideKinds(config).contains("avif-dense"))
        #expect(predictor.wideKinds(config).contains("webp"))
        config.maxWidth = 1280
        #expect(predictor.wideKinds(config).isEmpty)
    }
}
