import Foundation
import Vips

/// A still's widths in memory (each format's save would otherwise run
/// the lazy resize again), largest first, each resized from the
/// smallest one already made at least `derivationFactor` times as wide and
/// `smallestBase` wide (else from the largest): far fewer pixels to read
/// than going back to the largest, and few enough resamples in a row that
/// they add no visible blur (`ResizeQualityTests`).
///
/// One lane makes them in order (`makeAll`) while the others encode the
/// widths already made (`size(_:)` waits for one): a photo saved under
/// `imgsite watch` starts encoding as soon as its largest width is decoded,
/// not after its last resize. Each width is made on one thread, so its
/// pixels, and every file's bytes, are the same whatever the lanes.
package final class ResizeChain: @unchecked Sendable {  // `made` and `failure` only under `condition`
    /// A width is resized from a size at least this many times wider. With
    /// a ladder 1.2× apart, 2 made a photo's smallest widths through five
    /// resamples and the corpus' median fell to 44.2 dB (2.5: 47.3 dB, for
    /// about 1 % more CPU on a 12 MP photo).
    package static let derivationFactor = 2.5
    /// Nor from one narrower than this: resampled again, a size that small
    /// loses a visible share of its detail (a 512 px AVIF made 79 px wide
    /// through a 214 px size: 32.5 dB, under libvips' own thumbnail).
    package static let smallestBase = 512

    package let widths: [Int]
    private let largest: SharedImage
    private let height: @Sendable (Int) -> Int
    private let condition = NSCondition()
    private var made: [SharedImage] = []
    private var failure: VipsError?

    /// `height(width)`: the source's own height at that width. Rounded from
    /// an intermediate size it could be a row off, and stretched.
    package init(largest: VipsImage, widths: [Int], height: @escaping @Sendable (Int) -> Int) {
        self.largest = SharedImage(materialized: largest)
        self.widths = widths
        self.height = height
    }

    /// Makes every width, waking whoever waits for each as it is done.
    func makeAll() {
        for width in widths {
            let base = condition.withLock { made.last { Self.canDerive(width, from: $0.image.width) } } ?? largest
            do {
                let size = try base.image.downsized(toWidth: width, height: height(width)).materialized()
                condition.withLock {
                    made.append(SharedImage(materialized: size))
                    condition.broadcast()
                }
            } catch {
                condition.withLock {
                    failure = error
                    condition.broadcast()
                }
                return
            }
        }
    }

    static func canDerive(_ width: Int, from base: Int) -> Bool {
        base >= smallestBase && Double(base) >= derivationFactor * Double(width)
    }

    /// The width at `index` of `widths`, once made; what stopped it if it never will be.
    package func size(_ index: Int) throws(VipsError) -> VipsImage {
        let outcome: Result<VipsImage, VipsError> = condition.withLock {
            while made.count <= index, failure == nil { condition.wait() }
            return made.count > index ? .success(made[index].image) : .failure(failure!)
        }
        return try outcome.get()
    }
}
