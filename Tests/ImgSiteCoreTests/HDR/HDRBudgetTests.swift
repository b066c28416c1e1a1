import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing
import Vips

/// A site budget counts HDR photos' files and may give them up: first for
/// dense screens, then wholly, each a move the report names.
@Suite(.tags(.hdr), .enabled(if: Vips.handlesGainMaps, "needs a libvips that writes gain maps (8.18 with libultrahdr): `make test-hdr` runs it with PyPI's"))
struct HDRBudgetTests {
    /// 100 gain-map JPEGs of 6000 × 4000 costing what a 24 MP camera JPEG's files measured.
    static func predictor(_ range: DynamicRange) -> SitePredictor {
        let webp = EncodeCurve(pixels: 1024 * 683, bytes: 150_000, exponent: 0.7)
        var jpeg = webp, dense = webp
        jpeg.bytes *= 1.4
        dense.bytes *= 0.55
        var photo = BudgetPhoto(width: 6000, height: 4000, frames: 1, sourceBytes: 4_500_000, cost: 0)
        photo.dynamicRange = range
        return SitePredictor(photos: Array(repeating: photo, count: 100), costs: [["webp": webp, "jpeg": jpeg, "avif-dense": dense]],
                             calibrated: (80, 80), layout: ThemeLayout(), pages: PageCount(albums: [0, 100], hasFeed: false))
    }

    @Test("HDR files are predicted: one a large-view width, each its JPEG's bytes and a gain map; hdr_dense false keeps those 1x screens take; hdr: sdr none")
    func predicted() throws {
        let (hdr, sdr) = (Self.predictor(.gainMapJPEG), Self.predictor(.sdr))
        let settings = ImageSettings(config: SiteConfig(), layout: ThemeLayout())
        let plan = settings.outputs(width: 6000, height: 4000, animation: nil, phase: 0, range: .gainMapJPEG)
        let hdrFiles = plan.specs.filter { $0.role == .hdr }
        #expect(hdrFiles.count >= 8)
        let (with, without) = (hdr.estimate(SiteConfig()), sdr.estimate(SiteConfig()))
        #expect(with.files == without.files + 100 * hdrFiles.count, "\(with.files) against \(without.files)")
        #expect(with.bytes > without.bytes)
        var oneX = SiteConfig()
        oneX.hdrDense = false
        let fewer = hdr.estimate(oneX)
        #expect(fewer.files > without.files && fewer.files < with.files && fewer.bytes < with.bytes)
        var flat = SiteConfig()
        flat.hdr = .sdr
        #expect(hdr.estimate(flat) == without)
    }

    @Test("a tight budget gives up the dense screens' HDR files before any HDR file, and the report says so")
    func moves() throws {
        let predictor = Self.predictor(.gainMapJPEG)
        let unbudgeted = predictor.estimate(SiteConfig())
        let budget = SiteBudget(bytes: Int(Double(unbudgeted.bytes) * 0.7), files: nil)
        let plan = try budget.plan(SiteConfig(), predictor: predictor)
        #expect(plan.moves.contains(.noDenseHDR), "\(plan.moves)")
        if let dense = plan.moves.firstIndex(of: .noDenseHDR), let all = plan.moves.firstIndex(of: .noHDR) { #expect(dense < all) }
        let report = BudgetReport(budget: budget, plan: plan, site: SiteConfig())
        #expect(report.gaveUp.map(\.setting).contains { $0 == "hdr_dense false" || $0 == "hdr sdr" }, "\(report.gaveUp.map(\.setting))")
        let tight = try SiteBudget(bytes: Int(Double(unbudgeted.bytes) * 0.25), files: nil).plan(SiteConfig(), predictor: predictor)
        #expect(tight.moves.contains(.noHDR), "\(tight.moves)")
        #expect(!tight.config(from: SiteConfig()).hdrPolicy.anyKept)
    }

    @Test("a real build under a budget publishes the HDR files it planned, file for file")
    func built() throws {
        let input = try Corpus.scratch("hdr-budget")
        try Corpus.copy(GainMapJPEGTests.files.map { Corpus.root.appending(path: "hdr/\($0)") } + [Corpus.photo("nature/Storm.jpg")],
                        into: input, album: "hdr")
        var config = SiteConfig()
        config.budgets.site = 1_000_000_000
        let build = try TestBuild.run(input: input, config: config)
        let budget = try #require(build.summary.budget)
        let files = OutputFolder(root: build.output).filesAndBytes(except: [OutputLock.fileName])
        #expect(budget.predictedFiles == files.files, "planned \(budget.predictedFiles), built \(files.files)")
        let error = Double(files.bytes) / Double(budget.predictedBytes) - 1
        #expect(abs(error) < 0.15, "planned \(budget.predictedBytes) bytes, built \(files.bytes)")
        #expect(build.manifest.images.flatMap(\.hdrStills).count > 20)
    }
}
