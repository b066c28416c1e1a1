import Dispatch
import Foundation
import Synchronization

/// SIGINT (Ctrl-C) and SIGTERM, the same for every command: one line saying
/// what stopping kept, the output folders' locks let go, and the status a
/// shell gives a run a signal ended (128 + its number: 130, 143). A build
/// may be stopped at any moment (each finished image is recorded as it
/// finishes, every file is written whole or not at all), so nothing waits
/// for the threads at work, and a server stops at once.
///
/// ```swift
/// Interruption.handle { _ in print("stopped") }
/// ```
public enum Interruption {
    private static let state = Mutex<(sources: [DispatchSourceSignal], stop: @Sendable (Int32) -> Void)?>(nil)

    /// From now on, a SIGINT or SIGTERM calls `stop` (once, with the
    /// signal's number; it says what was kept), then ends the process.
    /// A later call replaces `stop`.
    public static func handle(_ stop: @escaping @Sendable (Int32) -> Void) {
        state.withLock { state in
            if state == nil {
                let sources = [SIGINT, SIGTERM].map { number in
                    signal(number, SIG_IGN)  // so the source, not the default action, takes it
                    let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                    source.setEventHandler { Interruption.end(number) }
                    source.resume()
                    return source
                }
                state = (sources, stop)
            } else {
                state!.stop = stop
            }
        }
    }

    private static func end(_ number: Int32) -> Never {
        let stop = state.withLock { $0?.stop }
        stop?(number)
        OutputLock.releaseAll()
        _exit(128 + number)
    }
}
