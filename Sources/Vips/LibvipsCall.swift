internal import CVips
internal import CVipsShim
import Synchronization

/// How every libvips call in this module runs.
///
/// - Messages: the call's errors and warnings are captured on the calling
///   thread (see `CVipsShim/messages.c`), so a failure carries exactly its
///   own text even while other images fail on other threads. No caller has
///   to open a scope for it.
/// - Vector code: liborc 0.4.33 (Debian 12) allocates and frees the memory of
///   compiled SIMD programs without holding its lock for the whole step
///   (fixed upstream in orc 0.4.34, "Fix for potential race in codemem
///   alloc/free"). libvips 8.14 compiles a program in every `reducev` build
///   and frees it when the operation is finalised, so two images resized at
///   once could be handed the same code memory or corrupt its free list:
///   the SIGSEGV and heap corruption seen after a few thousand images. Calls
///   that build resampling operations, and every release of an image, take
///   `buildLock`, so orc's allocator only ever runs on one thread at a time.
///   Decoding, resampling and encoding themselves still run in parallel.
enum LibvipsCall {
    static let buildLock = Mutex(())

    /// Runs `body` (true on success); a failure becomes a `VipsError`.
    /// `builds`: the call may build a resampling operation (see above).
    static func run(_ operation: String, path: String? = nil, builds: Bool = false, _ body: () -> Bool) throws(VipsError) {
        imgsite_messages_begin()
        let succeeded = builds ? buildLock.withLock { _ in body() } : body()
        let captured = imgsite_messages_end()
        defer { g_free(captured) }
        if succeeded { return }
        throw VipsError(operation: operation, path: path, captured: captured.map { String(cString: $0) })
    }

    /// Drops one reference; the last one finalises the operations behind
    /// the image, which frees their compiled vector code.
    static func release(_ pointer: UnsafeMutablePointer<CVips.VipsImage>) {
        buildLock.withLock { _ in g_object_unref(pointer) }
    }
}
