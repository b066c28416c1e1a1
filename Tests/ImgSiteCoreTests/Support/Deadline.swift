import Foundation
import Testing

/// Whether a call that might hang returns, timed from when it starts.
///
/// Swift Testing's `.timeLimit` starts its clock when the test is scheduled,
/// and on two cores the cooperative pool's threads may be held by other
/// tests' libvips and FFmpeg work for longer than the limit: a test that
/// returns in milliseconds failed a full run that way. The call runs on a
/// thread of its own instead, and only its own time counts.
enum Deadline {
    /// Runs `body` and returns its result, or records an issue and returns
    /// nil when it has not returned after `seconds` (its thread is left to
    /// hang: a hung native call cannot be stopped).
    static func returns<Result: Sendable>(
        within seconds: Double, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: @escaping @Sendable () -> Result
    ) -> Result? {
        let box = Box<Result>()
        let thread = Thread {
            box.value = body()
            box.done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        guard box.done.wait(timeout: .now() + seconds) == .success else {
            Issue.record("\(what) did not return within \(Int(seconds)) s", sourceLocation: sourceLocation)
            return nil
        }
        return box.value
    }

    /// The result, written by the body's thread before it signals `done`.
    private final class Box<Result>: @unchecked Sendable {
        var value: Result?
        let done = DispatchSemaphore(value: 0)
    }
}
