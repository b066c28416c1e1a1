import Foundation

/// A value guarded by a lock (the standard library's `Mutex` needs newer
/// Apple platforms; this one is portable and enough for rare, short sections).
final class Mutex<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
