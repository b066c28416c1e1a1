import Foundation

/// How many clip passes are encoded at once: each takes two cores' worth
/// of the machine, and together they hold at most the budget their clips
/// give (`video.memory`, `ClipMemory`) — small clips side by side, a 4K
/// clip alone. A pass over the budget by itself runs when no other does.
/// A lane that meets a pass while the others are taken waits.
package final class ClipGate: @unchecked Sendable {
    package static let shared = ClipGate(slots: max(1, ProcessInfo.processInfo.activeProcessorCount / 2))

    package let slots: Int
    private let condition = NSCondition()
    private var running = 0
    private var held = 0

    package init(slots: Int) { self.slots = slots }

    /// Runs `body`, estimated to hold `bytes`, once fewer than `slots`
    /// passes are being encoded and `bytes` fits `budget` beside them.
    package func run<T, E: Error>(bytes: Int = 0, budget: Int = .max, _ body: () throws(E) -> T) throws(E) -> T {
        condition.lock()
        while running >= slots || (running > 0 && held + bytes > budget) { condition.wait() }
        running += 1
        held += bytes
        condition.unlock()
        defer {
            condition.lock()
            running -= 1
            held -= bytes
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }
}
