import Foundation
import Synchronization
import Vips

/// Runs blocking work (libvips calls) on `workers` dedicated threads, each
/// releasing libvips' per-thread state before it ends.
/// Not a Swift task group: a libvips call blocks its thread for the whole
/// decode/encode, which would starve the cooperative pool that the rest of
/// the program (progress, the dev server) runs on.
package enum WorkerPool {
    /// `cost`: when given, the costliest inputs are started first, so no
    /// worker is left with a long job while the others sit idle at the end.
    /// Outputs are in the order of `inputs` either way.
    package static func map<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], workers: Int, cost: ((Input) -> Int)? = nil, _ body: @escaping @Sendable (Input) -> Output
    ) -> [Output] {
        let order = cost.map { cost in inputs.indices.sorted { cost(inputs[$0]) > cost(inputs[$1]) } } ?? Array(inputs.indices)
        let state = Shared(State<Output>(results: Array(repeating: nil, count: inputs.count)))
        run(workers: min(workers, inputs.count)) {
            while let next = state.lock.withLock({ $0.takeNext(limit: inputs.count) }) {
                let index = order[next]
                let output = body(inputs[index])
                state.lock.withLock { $0.results[index] = output }
            }
        }
        return state.lock.withLock { $0.results.map { $0! } }
    }

    /// `body` on each of `first`, and on each of what `more` asks for
    /// once an output is in (it sees every output so far, and what was
    /// asked), until nothing is running or asked: a search whose next
    /// steps depend on what it found, its workers never waiting for a
    /// round to end. Each input is run once.
    package static func expanding<Output: Sendable>(
        _ first: [Int], workers: Int, _ body: @escaping @Sendable (Int) -> Output,
        more: @escaping @Sendable (_ outputs: [Int: Output], _ asked: Set<Int>) -> [Int]
    ) -> [Int: Output] {
        let search = Search<Output>(first)
        run(workers: workers) {
            while let input = search.take() {
                search.finish(input, body(input), more: more)
            }
        }
        return search.outputs
    }

    /// Starts `workers` threads running `loop` and waits for them to end.
    private static func run(workers: Int, _ loop: @escaping @Sendable () -> Void) {
        let group = DispatchGroup()
        // Inside one image's work, the workers share its hold (Vips.withOwnMessages).
        let hold = Vips.currentHold
        for _ in 0..<max(1, workers) {
            group.enter()
            let thread = Thread {
                Vips.under(hold, loop)
                Vips.endThread()
                group.leave()
            }
            thread.stackSize = 8 << 20  // libvips and libheif recurse deeper than the 512 KiB default
            thread.start()
        }
        group.wait()
    }

    /// `expanding`'s queue: what is asked, running and done.
    private final class Search<Output: Sendable>: @unchecked Sendable {
        private let condition = NSCondition()
        private var queue: [Int]
        private var asked: Set<Int>
        private var running = 0
        private(set) var outputs: [Int: Output] = [:]

        package init(_ first: [Int]) {
            queue = first.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
            asked = Set(first)
        }

        /// The next input, waiting while others run and may ask for more; nil when all is done.
        package func take() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            while queue.isEmpty && running > 0 { condition.wait() }
            guard !queue.isEmpty else { return nil }
            running += 1
            return queue.removeFirst()
        }

        package func finish(_ input: Int, _ output: Output, more: ([Int: Output], Set<Int>) -> [Int]) {
            condition.lock()
            defer { condition.unlock() }
            outputs[input] = output
            running -= 1
            for next in more(outputs, asked) where !asked.contains(next) {
                asked.insert(next)
                queue.append(next)
            }
            condition.broadcast()
        }
    }

    private struct State<Output> {
        package var next = 0
        package var results: [Output?]

        mutating func takeNext(limit: Int) -> Int? {
            guard next < limit else { return nil }
            defer { next += 1 }
            return next
        }
    }

    /// A `Mutex` the worker closures can share (a `Mutex` itself cannot be captured).
    private final class Shared<Value>: Sendable {
        package let lock: Mutex<Value>
        package init(_ value: sending Value) { lock = Mutex(value) }
    }
}
