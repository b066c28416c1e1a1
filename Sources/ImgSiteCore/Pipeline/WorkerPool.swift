import Foundation
import Synchronization
import Vips

/// Runs blocking work (libvips calls) on `workers` dedicated threads, each
/// releasing libvips' per-thread state before it ends.
/// Not a Swift task group: a libvips call blocks its thread for the whole
/// decode/encode, which would starve the cooperative pool that the rest of
/// the program (progress, the dev server) runs on.
enum WorkerPool {
    /// `cost`: when given, the costliest inputs are started first, so no
    /// worker is left with a long job while the others sit idle at the end.
    /// Outputs are in the order of `inputs` either way.
    static func map<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], workers: Int, cost: ((Input) -> Int)? = nil, _ body: @escaping @Sendable (Input) -> Output
    ) -> [Output] {
        let order = cost.map { cost in inputs.indices.sorted { cost(inputs[$0]) > cost(inputs[$1]) } } ?? Array(inputs.indices)
        let state = Shared(State<Output>(results: Array(repeating: nil, count: inputs.count)))
        let group = DispatchGroup()
        // Inside one image's work, the workers share its hold (Vips.withOwnMessages).
        let hold = Vips.currentHold
        for _ in 0..<max(1, min(workers, inputs.count)) {
            group.enter()
            let thread = Thread {
                Vips.under(hold) {
                    while let next = state.lock.withLock({ $0.takeNext(limit: inputs.count) }) {
                        let index = order[next]
                        let output = body(inputs[index])
                        state.lock.withLock { $0.results[index] = output }
                    }
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
