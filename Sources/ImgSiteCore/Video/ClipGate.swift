import Foundation

/// How many clips are encoded at once. A 4K clip's encoders hold about
/// 0.9 GB whatever its length, so two clips on the two lanes of a small
/// machine would hold twice that: each clip takes two cores' worth of the
/// machine, and a lane that meets a clip while the others are taken waits.
final class ClipGate: @unchecked Sendable {
    static let shared = ClipGate(slots: max(1, ProcessInfo.processInfo.activeProcessorCount / 2))

    let slots: Int
    private let condition = NSCondition()
    private var running = 0

    init(slots: Int) { self.slots = slots }

    /// Runs `body` once fewer than `slots` clips are being encoded.
    func run<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        condition.lock()
        while running >= slots { condition.wait() }
        running += 1
        condition.unlock()
        defer {
            condition.lock()
            running -= 1
            condition.signal()
            condition.unlock()
        }
        return try body()
    }
}
