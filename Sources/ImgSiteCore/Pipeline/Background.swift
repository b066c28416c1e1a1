import Foundation
import Synchronization

/// Work started on another thread now and waited for later: the build
/// database is read while the scan walks the folders.
final class Background<Value: Sendable>: Sendable {
    private let outcome = Mutex<Result<Value, any Error>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(_ work: @escaping @Sendable () throws -> Value) {
        let thread = Thread { [self] in
            let result = Result { try work() }
            outcome.withLock { $0 = result }
            done.signal()
        }
        thread.start()
    }

    /// Waits for the work; its value or its error.
    func value() throws -> Value {
        done.wait()
        done.signal()  // a second call must not wait forever
        return try outcome.withLock { $0! }.get()
    }
}
