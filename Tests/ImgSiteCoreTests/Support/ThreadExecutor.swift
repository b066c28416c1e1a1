import Foundation

/// A task executor with one thread of its own. swift-testing runs the
/// suites side by side on the cooperative pool (two threads here), and many
/// tests block those threads for minutes: builds of thousands of photos,
/// Chromium. A server under test whose every request waits for the pool
/// answers after the client's timeout; run on this executor, it does not wait.
final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
    /// Guarded by `wake`.
    private var jobs: [UnownedJob] = []
    private let wake = NSCondition()

    /// The thread lives as long as the test process: a server's last tasks
    /// may still be finishing after its test returns.
    init(name: String) {
        let thread = Thread { self.loop() }
        thread.name = name
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        wake.lock()
        jobs.append(job)
        wake.signal()
        wake.unlock()
    }

    private func loop() {
        while true {
            wake.lock()
            while jobs.isEmpty { wake.wait() }
            let job = jobs.removeFirst()
            wake.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
