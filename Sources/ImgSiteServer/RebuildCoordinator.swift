/// Turns a stream of file changes into as few rebuilds as possible, one at
/// a time. Editors save with bursts of events (a temporary file, a rename,
/// a permission change); a rebuild starts once changes have been quiet for
/// `quietPeriod`, and changes during a rebuild lead to exactly one more.
public actor RebuildCoordinator {
    private let quietPeriod: Duration
    private let rebuild: @Sendable () async -> Void
    private var running = false
    private var pending = false
    private var waiting: Task<Void, Never>?
    private var generation = 0
    /// Rebuilds run so far.
    public private(set) var rebuilds = 0

    public init(quietPeriod: Duration = .milliseconds(100), rebuild: @escaping @Sendable () async -> Void) {
        self.quietPeriod = quietPeriod
        self.rebuild = rebuild
    }

    /// Something changed.
    public func request() {
        generation += 1
        if running {
            pending = true
        } else {
            waitForQuiet()
        }
    }

    /// Waits until no rebuild is running or waiting to run.
    public func settled() async {
        while running || waiting != nil { try? await Task.sleep(for: .milliseconds(10)) }
    }

    private func waitForQuiet() {
        waiting?.cancel()
        let expected = generation
        waiting = Task { [quietPeriod] in
            try? await Task.sleep(for: quietPeriod)
            if !Task.isCancelled { await self.fire(expected) }
        }
    }

    private func fire(_ expected: Int) async {
        guard expected == generation, !running else { return }  // a newer change restarted the wait
        waiting = nil
        running = true
        pending = false
        rebuilds += 1
        await rebuild()
        running = false
        if pending {
            pending = false
            waitForQuiet()
        }
    }
}
