internal import CVipsShim

extension Vips {
    /// Runs `work` (one image's decode and encodes) so that its failure
    /// carries its own libvips message in any mode. Captured per thread, it
    /// always does. Where libvips' messages reach only its one shared
    /// buffer (`IMGSITE_NATIVE=off`, or a libvips whose own calls do not
    /// reach imgsite's `vips_error`), `work` runs beside other work and, if
    /// it fails, once more alone (`CVipsShim/calls_alone.c`): the buffer
    /// then holds its messages only. Inside another such scope, the outer
    /// one retries. `work` must be safe to run twice: it makes its result,
    /// and a second run after a failure starts from the file again.
    public static func withOwnMessages<T, E: Error>(_ work: () throws(E) -> T) throws(E) -> T {
        guard !capturesMessagesPerThread else { return try work() }
        imgsite_calls_enter()
        let first: Result<T, E>
        do throws(E) { first = .success(try work()) } catch { first = .failure(error) }
        imgsite_calls_leave()
        switch first {
        case .success(let value): return value
        case .failure(let error) where imgsite_calls_nested() != 0: throw error
        case .failure: break
        }
        imgsite_calls_alone_begin()
        defer { imgsite_calls_alone_end() }
        return try work()
    }

    /// Whether a failure caught now may carry another thread's message, or
    /// none: in the first run of a `withOwnMessages` scope, where messages
    /// come only from libvips' shared buffer. Work that would turn a failure
    /// into a warning rethrows it then; its scope runs it again alone, where
    /// the message read is its own.
    public static var messagesMayBeOthers: Bool {
        !capturesMessagesPerThread && imgsite_calls_nested() != 0 && imgsite_calls_alone() == 0
    }

    /// The calling thread's part in a `withOwnMessages` scope, for threads
    /// it starts and waits for (one image's encodes) to take on: they run
    /// under its hold, and a failure among them is retried by its scope.
    public struct Hold: Sendable {
        let depth: Int32
    }

    public static var currentHold: Hold { Hold(depth: imgsite_calls_depth()) }

    /// Runs `work` on this (started) thread under `hold`.
    public static func under<T>(_ hold: Hold, _ work: () -> T) -> T {
        imgsite_calls_adopt(hold.depth)
        defer { imgsite_calls_adopt(0) }
        return work()
    }
}
