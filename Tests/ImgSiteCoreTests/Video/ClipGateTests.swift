import Foundation
@testable import ImgSiteCore
import Testing

/// No more clips are encoded at once than the gate has slots.
struct ClipGateTests {
    @Test func holdsAtMostItsSlots() {
        let gate = ClipGate(slots: 2)
        let tally = Tally()
        // Six threads of their own (concurrentPerform runs as many as there
        // are cores, two here: no gate would pass as well).
        let group = DispatchGroup()
        for _ in 0..<6 {
            group.enter()
            Thread {
                gate.run {
                    tally.enter()
                    Thread.sleep(forTimeInterval: 0.05)
                    tally.leave()
                }
                group.leave()
            }.start()
        }
        group.wait()
        #expect(tally.finished == 6)
        #expect(tally.most <= 2 && tally.most >= 1, "\(tally.most) at once")
    }

    /// How many bodies ran, and the most inside at once.
    private final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var inside = 0
        private(set) var most = 0
        private(set) var finished = 0

        func enter() { lock.withLock { inside += 1; most = max(most, inside) } }
        func leave() { lock.withLock { inside -= 1; finished += 1 } }
    }
}
