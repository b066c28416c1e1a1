import Foundation

/// The clips whose files a lane is looking up or making, by cache folder and
/// content key. The same clip in two albums has the same files: the second
/// lane waits for the first's transcode and finds them in the cache, instead
/// of decoding and encoding the clip again beside it.
final class ClipClaims: @unchecked Sendable {
    static let shared = ClipClaims()

    private let condition = NSCondition()
    private var held: Set<String> = []

    /// Runs `body` once no other lane holds `key`, holding it meanwhile.
    func holding<T, E: Error>(_ key: String, _ body: () throws(E) -> T) throws(E) -> T {
        condition.lock()
        while held.contains(key) { condition.wait() }
        held.insert(key)
        condition.unlock()
        defer {
            condition.lock()
            held.remove(key)
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }
}
