internal import CVips
internal import CVipsShim

/// How every libvips call in this module runs.
///
/// - Messages: the call's errors and warnings are captured on the calling
///   thread (see `CVipsShim/messages.c`), so a failure carries exactly its
///   own text even while other images fail on other threads. No caller has
///   to open a scope for it.
///   Where only libvips' shared buffer has them (`IMGSITE_NATIVE=off`, or a
///   libvips whose own calls do not reach imgsite's `vips_error`), a failed
///   call is run again alone (`CVipsShim/calls_alone.c`), so its message is
///   still its own.
/// - Vector code: liborc 0.4.33 (Debian 12) races when two threads compile
///   or free SIMD programs at once; the shim serialises exactly those two
///   calls (`CVipsShim/orc.c`), so nothing here needs a lock.
enum LibvipsCall {
    /// Runs `body` (true on success); a failure becomes a `VipsError`.
    static func run(_ operation: String, path: String? = nil, _ body: () -> Bool) throws(VipsError) {
        try Vips.startOnce()
        // Inside one image's `withOwnMessages`, that scope retries; else this call does.
        try Vips.withOwnMessages { () throws(VipsError) in
            if let failure = attempt(operation, path: path, body) { throw failure }
        }
    }

    /// `body` once, its messages captured: nil on success, else its error.
    private static func attempt(_ operation: String, path: String?, _ body: () -> Bool) -> VipsError? {
        imgsite_messages_begin()
        let succeeded = body()
        let captured = imgsite_messages_end()
        defer { g_free(captured) }
        return succeeded ? nil : VipsError(operation: operation, path: path, captured: captured.map { String(cString: $0) })
    }

}
