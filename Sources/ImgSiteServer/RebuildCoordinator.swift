/// Turns a stream of file changes into as few rebuilds as possible, one at
/// a time. Editors save with bursts of events (a temporary file, a rename,
/// a permission change); a rebuild starts once changes have been quiet for
/// `quietPeriod`, or only `finishedQuietPeriod` when every change seen is
/// finished (nothing still being written: the rest of an editor's burst
/// comes within a millisecond or two), and changes during a rebuild lead to
/// exactly one more. A burst split in two is only one rebuild more.
public actor RebuildCoordinator {
    private let quietPeriod: Duration
    private let finishedQuietPeriod: Duration
    private let rebuild: @Sendable () async -> Void
    private var running = false
    private var pending = false
    private var waiting: Task<Void, Never>?
    private var generation = 0
    /// Rebuilds run so far.
    public private(set) var rebuilds = 0

    /// 25 ms after finished changes: 75 ms sooner than after others, of
    /// the 1.5 s a saved 12 MP photo may take to reach the page.
    public init(
        quietPeriod: Duration = .milliseconds(100), finishedQuietPeriod: Duration = .milliseconds(25),
        rebuild: @escaping @Sendable () async -> Void
    ) {
        self.quietPeriod = quietPeriod
        self.finishedQuietPeriod = finishedQuietPeriod
        self.rebuild = rebuild
    }

    /// Something changed; `finished`: and nothing is still being written.
    public func request(finished: Bool = false) {
        generation += 1
        if running {
            pending = true
        } else {
            waitForQuiet(finished ? finishedQuietPeriod : quietPeriod)
        }
    }

    /// Waits until no rebuild is running or waiting to run.
    public func settled() async {
        while running || waiting != nil { try? await Task.sleep(for: .milliseconds(10)) }
    }

    private func waitForQuiet(_ period: Duration) {
        waiting?.cancel()
        let expected = generation
        waiting = Task {
            try? await Task.sleep(for: period)
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
            waitForQuiet(quietPeriod)
        }
    }
}
