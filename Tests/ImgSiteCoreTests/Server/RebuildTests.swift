import Foundation
@testable import ImgSiteServer
import Synchronization
import Testing

@Suite struct RebuildCoordinatorTests {
    @Test("a burst of changes is one rebuild; changes during a rebuild are exactly one more")
    func coalescing() async throws {
        let started = Mutex(0)
        let coordinator = RebuildCoordinator(quietPeriod: .milliseconds(50)) {
            started.withLock { $0 += 1 }
            try? await Task.sleep(for: .milliseconds(200))
        }
        for _ in 0..<50 { await coordinator.request() }
        try await Task.sleep(for: .milliseconds(120))
        #expect(started.withLock { $0 } == 1, "the burst became one rebuild")
        for _ in 0..<20 {
            await coordinator.request()
            try await Task.sleep(for: .milliseconds(2))
        }
        await coordinator.settled()
        #expect(started.withLock { $0 } == 2, "changes during the rebuild: one more")
        #expect(await coordinator.rebuilds == 2)
    }

    @Test("finished changes rebuild after the short quiet period; others wait the long one")
    func finishedSooner() async throws {
        let started = Mutex(0)
        let coordinator = RebuildCoordinator(quietPeriod: .seconds(3), finishedQuietPeriod: .milliseconds(10)) {
            started.withLock { $0 += 1 }
        }
        await coordinator.request()
        try await Task.sleep(for: .milliseconds(500))
        #expect(started.withLock { $0 } == 0, "a change that may still be written waits")
        await coordinator.request(finished: true)
        for _ in 0..<100 where started.withLock({ $0 }) == 0 { try await Task.sleep(for: .milliseconds(20)) }
        #expect(started.withLock { $0 } == 1, "a finished one restarts the wait, short")
        await coordinator.settled()
    }
}

@Suite struct LiveReloadTests {
    @Test func scriptGoesBeforeTheBodyEnds() {
        let html = LiveReload.inject(into: "<html><body><p>x</p></body></html>")
        #expect(html.hasSuffix("</script>\n</body></html>") && html.contains("EventSource"))
    }

    @Test("a page that connects while a rebuild is failing gets the error at once; ok clears it")
    func failureOnConnect() async {
        let live = LiveReload()
        await live.send(.failed("two\nlines"))
        var events = await live.subscribe().makeAsyncIterator()
        #expect(await events.next() == .failed("two\nlines"))
        await live.send(.ok)
        #expect(await events.next() == .ok)
        var fresh = await live.subscribe().makeAsyncIterator()
        await live.send(.reload)
        #expect(await fresh.next() == .reload, "no stale error after ok")
        await live.close()
    }
}

