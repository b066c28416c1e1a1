import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// `PhotoTightening`: which photos the ceiling's second pass tightens, on
/// a predicted library of two detailed and two smooth 24 MP photos.
@Suite struct PhotoTighteningTests {
    static let detailed = ["a/detailed-1.jpg", "a/detailed-2.jpg"], smooth = ["a/smooth-1.jpg", "a/smooth-2.jpg"]

    /// Detailed photos' files cost five times a smooth one's (cost 0 and 1).
    static func predictor() -> SitePredictor {
        var predictor = SiteBudgetTests.predictor(photos: 0)
        predictor.costs.append(predictor.costs[0].mapValues { curve in
            var smooth = curve
            smooth.bytes /= 5
            return smooth
        })
        predictor.photos = (detailed + smooth).enumerated().map { index, source in
            BudgetPhoto(source: source, width: 6000, height: 4000, frames: 1, sourceBytes: 4_500_000, cost: index < 2 ? 0 : 1, phase: 0)
        }
        predictor.pages = PageCount(albums: [0, 4], hasFeed: false)
        return predictor
    }

    /// Each photo as built: what the predictor says its files are.
    static func built(_ predictor: SitePredictor) -> [String: PhotoTightening.Built] {
        let settings = ImageSettings(config: SiteConfig(), layout: ThemeLayout())
        return Dictionary(uniqueKeysWithValues: predictor.photos.map { photo in
            let estimate = predictor.estimate(of: photo, settings: settings)
            return (photo.source, PhotoTightening.Built(bytes: estimate.bytes, files: estimate.files))
        })
    }

    static let plan = BudgetPlan(moves: [], predicted: SiteEstimate(), unbudgeted: SiteEstimate())

    /// What one notch saves a photo of each kind.
    static func firstNotch(_ tightening: PhotoTightening, built: [String: PhotoTightening.Built]) throws -> (detailed: Int, smooth: Int) {
        func saved(_ source: String) throws -> Int {
            let one = try #require(tightening.tightened(plan, built: built.filter { $0.key == source }, over: .init(bytes: 1, files: 0), measured: SiteEstimate()))
            return -one.predicted.bytes
        }
        return (try saved(detailed[0]), try saved(smooth[0]))
    }

    @Test("a little over: one detailed photo gives up one notch, the first move that saves bytes; the others keep their settings")
    func littleOver() throws {
        let predictor = Self.predictor()
        let tightening = PhotoTightening(predictor: predictor, site: SiteConfig(), layout: ThemeLayout())
        let built = Self.built(predictor)
        let plan = try #require(tightening.tightened(Self.plan, built: built, over: .init(bytes: 1_000, files: 0), measured: SiteEstimate()))
        #expect(plan.photoMoves == [Self.detailed[0]: [BudgetMove.order[0]]])
        #expect(plan.moves.isEmpty)
    }

    @Test("more over: the detailed photos take their notch before any smooth one, and what they save covers what is over")
    func detailedFirst() throws {
        let predictor = Self.predictor()
        let tightening = PhotoTightening(predictor: predictor, site: SiteConfig(), layout: ThemeLayout())
        let built = Self.built(predictor)
        let notch = try Self.firstNotch(tightening, built: built)
        #expect(notch.detailed > notch.smooth * 3, "\(notch)")
        let over = notch.detailed * 2 + notch.smooth / 2
        let measured = SiteEstimate(files: 100, bytes: 10_000_000)
        let plan = try #require(tightening.tightened(Self.plan, built: built, over: .init(bytes: over, files: 0), measured: measured))
        #expect(Set(plan.photoMoves.keys) == Set(Self.detailed + [Self.smooth[0]]), "\(plan.photoMoves)")
        #expect(plan.photoMoves.values.allSatisfy { $0.count == 1 })
        #expect(measured.bytes - plan.predicted.bytes >= over, "what the notches save covers what is over")
    }

    @Test("far over: photos take notch after notch, and past the last move nothing is left to give up")
    func farOver() throws {
        let predictor = Self.predictor()
        let tightening = PhotoTightening(predictor: predictor, site: SiteConfig(), layout: ThemeLayout())
        let built = Self.built(predictor)
        let total = built.values.reduce(0) { $0 + $1.bytes }
        let half = try #require(tightening.tightened(Self.plan, built: built, over: .init(bytes: total / 2, files: 0), measured: SiteEstimate()))
        #expect(half.photoMoves.count == 4 && half.photoMoves.values.contains { $0.count > 1 }, "\(half.photoMoves)")
        #expect(tightening.tightened(Self.plan, built: built, over: .init(bytes: total, files: 0), measured: SiteEstimate()) == nil)
    }

    @Test("files over: the photos that drop the most files go first, and the files they drop cover what is over")
    func filesOver() throws {
        let predictor = Self.predictor()
        let tightening = PhotoTightening(predictor: predictor, site: SiteConfig(), layout: ThemeLayout())
        let built = Self.built(predictor)
        let measured = SiteEstimate(files: 200, bytes: 10_000_000)
        let plan = try #require(tightening.tightened(Self.plan, built: built, over: .init(bytes: 0, files: 5), measured: measured))
        #expect(!plan.photoMoves.isEmpty && measured.files - plan.predicted.files >= 5, "\(plan.photoMoves)")
    }
}
