internal import CVips
internal import CVipsShim
import Foundation

/// libvips keeps one error buffer for the whole process, so with several
/// images in flight a failure's message can hold another image's text.
/// Work runs `shared`; to get a message that is surely its own, a caller
/// repeats a failed operation `exclusive`ly, when no other libvips work
/// runs. Failures are rare, so the cost falls on bad files only.
public enum VipsErrorScope {
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_rwlock_t> = {
        let lock = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)
        pthread_rwlock_init(lock, nil)
        return lock
    }()

    /// Runs ordinary libvips work; many threads at once.
    public static func shared<T>(_ body: () throws -> T) rethrows -> T {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body()
    }

    /// Runs alone, with an empty error buffer at the start.
    public static func exclusive<T>(_ body: () throws -> T) rethrows -> T {
        pthread_rwlock_wrlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        vips_error_clear()
        g_free(imgsite_vips_take_last_warning())
        return try body()
    }
}
