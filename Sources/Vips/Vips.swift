internal import CVips
internal import CVipsShim
import Foundation
import Synchronization

/// Process-wide libvips set-up: started once, operation cache off.
///
/// ```swift
/// try Vips.start(concurrency: 1)
/// let image = try VipsImage.thumbnail(of: "photo.jpg", width: 960, toSRGB: false)
/// Vips.endThread()  // on a thread you created, before it ends
/// ```
public enum Vips {
    private static let state = Mutex<Bool>(false)  // started yet?

    /// Starts libvips once; later calls only adjust the thread count.
    /// `concurrency` is libvips' worker threads per encoder (0 = its default);
    /// decoding runs on the calling thread. Waits for `prepare()` if that
    /// is still under way.
    /// `codecModules`: also load HEIF and JPEG XL (11 ms, once); a build
    /// that reads and writes neither leaves them out. AVIF and JPEG XL
    /// saves and an unreadable file load them anyway.
    public static func start(concurrency: Int = 0, showWarnings: Bool = false, codecModules: Bool = true) throws {
        try state.withLock { started in
            if !started {
                try initialise(&started)
            }
            if concurrency > 0 {
                vips_concurrency_set(Int32(concurrency))
            }
            imgsite_vips_show_warnings(showWarnings ? 1 : 0)
        }
        if codecModules { _ = imgsite_vips_load_modules(0) }
    }

    /// Begins loading libvips and its one-time set-up on a thread of its
    /// own. The dynamic loader maps and relocates libvips' ~95 libraries
    /// then (20–25 ms; see CVipsShim's loader.c), not at process start, so
    /// call it first thing: it overlaps what a command does before its
    /// first image (options, config, build database, folders).
    /// `start` waits for it, and any libvips call for the loading. The
    /// process waits for it at exit too, so that it never exits mid-`dlopen`.
    /// (A thread created meanwhile starts once the loader has relocated:
    /// glibc's `pthread_create` takes a lock `dlopen` holds.)
    public static func prepare() {
        preparation.withLock { finished in
            guard finished == nil else { return }
            let signal = DispatchSemaphore(value: 0)
            Thread {
                // A libvips that cannot be used is said by the first call that
                // needs it (or by --version), not by this thread.
                if imgsite_vips_load_failure() == nil {
                    try? state.withLock { started in
                        if !started { try initialise(&started) }
                    }
                    endThread()
                }
                signal.signal()
            }.start()
            finished = signal
            atexit { Vips.finishPreparing() }
        }
    }

    /// Waits until `prepare()`'s set-up, if any, is over.
    public static func finishPreparing() {
        preparation.withLock { finished in
            finished?.wait()
            finished?.signal()  // so every later wait passes straight through
        }
    }

    /// Signalled when `prepare()`'s thread is done; nil before any `prepare()`.
    private static let preparation = Mutex<DispatchSemaphore?>(nil)

    private static func initialise(_ started: inout Bool) throws(VipsError) {
        guard imgsite_vips_start(CommandLine.arguments.first ?? "imgsite", 0) == 0 else {
            throw VipsError(operation: "vips_init", path: nil, captured: nil)
        }
        NativeGates.here.apply()
        started = true
    }

    /// Frees libvips' per-thread state (`vips_thread_shutdown`) and this
    /// module's message capture. Call it on every thread you created that
    /// used libvips, just before the thread ends.
    public static func endThread() {
        imgsite_vips_thread_end()
    }

    /// libvips' version, e.g. "8.14.1": part of every cache key, since
    /// another libvips may encode other bytes.
    public static var version: String { String(cString: vips_version_string()) }

    /// Whether libvips' errors are captured per thread (this binary's
    /// `vips_error` interposes libvips' own). False only if the linker did
    /// not export the shim's definitions; messages then come from libvips'
    /// shared buffer and may mix under concurrency.
    public static var capturesMessagesPerThread: Bool {
        try? startOnce()  // the check raises an error inside libvips: it must be set up
        return imgsite_messages_interposed() != 0
    }

    /// Starts libvips if nothing has, leaving its settings as they are.
    /// Every libvips call goes through it (`LibvipsCall`): libvips' error
    /// buffer, which each call reads, is locked by a mutex only `vips_init`
    /// makes, and a call before it crashed in `g_mutex_lock`.
    static func startOnce() throws(VipsError) {
        if ready.load(ordering: .acquiring) { return }
        try state.withLock { started throws(VipsError) in
            if !started { try initialise(&started) }
        }
        ready.store(true, ordering: .releasing)
    }

    /// Set once libvips is started: the check every call makes, without a lock.
    private static let ready = Atomic<Bool>(false)

    /// Whether liborc's compile and free calls from libvips are serialised
    /// (`CVipsShim/orc.c`). False only if the linker did not export the
    /// shim's definitions; concurrent resizes could then crash liborc 0.4.33.
    public static var serialisesVectorCodeAllocation: Bool {
        imgsite_orc_calls_wrapped() != 0
    }
}
