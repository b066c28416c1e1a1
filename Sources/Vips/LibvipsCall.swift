internal import CVips
internal import CVipsShim

/// How every libvips call in this module runs.
///
/// - Messages: the call's errors and warnings are captured on the calling
///   thread (see `CVipsShim/messages.c`), so a failure carries exactly its
///   own text even while other images fail on other threads. No caller has
///   to open a scope for it.
/// - Vector code: liborc 0.4.33 (Debian 12) races when two threads compile
///   or free SIMD programs at once; the shim serialises exactly those two
///   calls (`CVipsShim/orc.c`), so nothing here needs a lock.
enum LibvipsCall {
    /// Runs `body` (true on success); a failure becomes a `VipsError`.
    static func run(_ operation: String, path: String? = nil, _ body: () -> Bool) throws(VipsError) {
        try Vips.startOnce()
        imgsite_messages_begin()
        let succeeded = body()
        let captured = imgsite_messages_end()
        defer { g_free(captured) }
        if succeeded { return }
        throw VipsError(operation: operation, path: path, captured: captured.map { String(cString: $0) })
    }
}
