import Foundation
import Synchronization
import Vips

/// Runs blocking work (libvips calls) on `workers` dedicated threads, each
/// releasing libvips' per-thread state before it ends.
/// Not a Swift task group: a libvips call blocks its thread for the whole
/// decode/encode, which would starve the cooperative pool that the rest of
/// the program (progress, the dev server) runs on.
enum WorkerPool {
    static func map<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], workers: Int, _ body: @escaping @Sendable (Input) -> Output
    ) -> [Output] {
        let state = Shared(State<Output>(results: Array(repeating: nil, count: inputs.count)))
        let group = DispatchGroup()
        for _ in 0..<max(1, min(workers, inputs.count)) {
            group.enter()
            let thread = Thread {
                while let index = state.lock.withLock({ $0.takeNext(limit: inputs.count) }) {
                    let output = body(inputs[index])
                    state.lock.withLock { $0.results[index] = output }
                }
                Vips.endThread()
                group.leave()
            }
            thread.stackSize = 8 << 20  // libvips and libheif recurse deeper than the 512 KiB default
            thread.start()
        }
        group.wait()
        return state.lock.withLock { $0.results.map { $0! } }
    }

    private struct State<Output> {
        var next = 0
        var results: [Output?]

        mutating func takeNext(limit: Int) -> Int? {
            guard next < limit else { return nil }
            defer { next += 1 }
            return next
        }
    }

    /// A `Mutex` the worker closures can share (a `Mutex` itself cannot be captured).
    private final class Shared<Value>: Sendable {
        let lock: Mutex<Value>
        init(_ value: sending Value) { lock = Mutex(value) }
    }
}
