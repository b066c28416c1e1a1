import Foundation
import Synchronization
@testable import Vips
import Testing

/// liborc 0.4.33 corrupts its code memory when two threads compile or free
/// SIMD programs at once, and every libvips resize compiles one and frees it
/// with the image. The shim serialises exactly those calls.
@Suite struct VipsVectorCodeTests {
    init() throws { try Vips.start(concurrency: 1) }

    @Test func compileAndFreeAreSerialised() {
        #expect(Vips.serialisesVectorCodeAllocation, "the shim's orc_program_compile/free must interpose liborc's own")
    }

    @Test("thousands of resizes on four threads at once: no crash, every result right")
    func concurrentResizesSurvive() throws {
        let photo = VipsImageTests.corpus.appendingPathComponent("photos/nature/FreshFlower.jpg").path
        let source = try VipsImage.thumbnail(of: photo, width: 24, toSRGB: false).materialized()
        let bytes = try source.encoded(.jpeg(quality: 90, progressive: false, subsample420: true), keepMetadata: false)
        let wrong = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            defer { Vips.endThread() }
            do {
                let image = try VipsImage.decode(bytes)
                for round in 0..<2_500 {
                    // A new vertical factor each time: a new program to compile and free.
                    let width = 2 + (worker * 7 + round) % 21
                    let small = try image.downsized(toWidth: width).materialized()
                    if small.width != width { wrong.withLock { $0.append("\(width) → \(small.width)") } }
                }
            } catch {
                wrong.withLock { $0.append("\(error)") }
            }
        }
        #expect(wrong.withLock { $0 }.isEmpty, "\(wrong.withLock { $0.prefix(5) })")
    }
}
