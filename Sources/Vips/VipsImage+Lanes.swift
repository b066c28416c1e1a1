internal import CVips
internal import CVipsShim
import Foundation
import Synchronization

extension VipsImage {
    /// `materialized()` on `lanes` threads: this one and `lanes - 1` more,
    /// each computing every `lanes`-th strip with its own region and
    /// capturing its own messages (libvips' thread pool would lose them).
    /// For one image built alone, where the other cores would sit idle.
    public func materialized(lanes: Int) throws(VipsError) -> VipsImage {
        guard lanes > 1 else { return try materialized() }
        var lines: Int32 = 0
        let image = try Self.make("decode") { imgsite_vips_materialize_prepare(pointer, $0, &lines) }
        guard lines > 0 else { return image }
        let (input, output, strip) = (Pointer(value: pointer), Pointer(value: image.pointer), lines)
        let failures = Mutex<[VipsError]>([])
        Lanes.run(lanes) { lane in
            do throws(VipsError) {
                try LibvipsCall.run("decode") {
                    imgsite_vips_materialize_strips(input.value, output.value, strip, Int32(lane), Int32(lanes)) == 0
                }
            } catch {
                failures.withLock { $0.append(error) }
            }
        }
        if let failure = failures.withLock({ $0.first }) { throw failure }
        return image
    }

    /// An image pointer handed to the lanes, which only read `input` and
    /// write disjoint rows of `output`.
    private struct Pointer: @unchecked Sendable {
        let value: UnsafeMutablePointer<CVips.VipsImage>
    }
}

/// Runs `body(0)` on this thread and `body(1)`… `body(count - 1)` on threads
/// of their own, which release libvips' per-thread state before they end;
/// returns when all are done.
enum Lanes {
    static func run(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        // Held for them by this thread, which waits for them (calls_alone.c).
        let hold = Vips.currentHold
        for lane in 1..<max(1, count) {
            group.enter()
            let thread = Thread {
                Vips.under(hold) { body(lane) }
                Vips.endThread()
                group.leave()
            }
            thread.stackSize = 8 << 20  // libvips and libheif recurse deeper than the 512 KiB default
            thread.start()
        }
        body(0)
        group.wait()
    }
}
