import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
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

    @Test("passes hold at most the budget together; one over it alone runs when nothing else does")
    func holdsAtMostItsBudget() {
        let gate = ClipGate(slots: 4)
        let tally = Tally()
        let group = DispatchGroup()
        // Four of 40 under a budget of 100: two at a time; one of 150: alone.
        for bytes in [40, 40, 40, 40, 150] {
            group.enter()
            Thread {
                gate.run(bytes: bytes, budget: 100) {
                    tally.enter(bytes)
                    Thread.sleep(forTimeInterval: 0.05)
                    tally.leave(bytes)
                }
                group.leave()
            }.start()
        }
        group.wait()
        #expect(tally.finished == 5 && tally.mostBytes <= 150 && tally.most <= 2, "\(tally.most) at once, \(tally.mostBytes) bytes")
        #expect(!tally.besideLarge, "another pass ran beside the one over the budget")
    }

    /// How many bodies ran, and the most inside at once.
    private final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var inside = 0
        private var bytes = 0
        private(set) var most = 0
        private(set) var mostBytes = 0
        private(set) var finished = 0
        /// A pass ran beside the one over the budget (150).
        private(set) var besideLarge = false

        func enter(_ held: Int = 0) {
            lock.withLock {
                inside += 1
                bytes += held
                most = max(most, inside)
                mostBytes = max(mostBytes, bytes)
                if bytes > 150 || (held == 150 && inside > 1) { besideLarge = true }
            }
        }

        func leave(_ held: Int = 0) { lock.withLock { inside -= 1; bytes -= held; finished += 1 } }
    }
}
