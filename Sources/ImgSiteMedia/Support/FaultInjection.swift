import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Kills the process at a named point, for the tests that check a build
/// killed at any moment resumes to exactly the site a clean build makes.
///
/// `IMGSITE_KILL_AT=<point>[#n]` sends SIGKILL to this process the n-th time
/// (default first) it reaches `point`: `scan` (an album scanned), `image` (an
/// image finished and recorded), `encoding` (a clip's transcode 5 % further),
/// `page` (a page written), or `write <file name>` (that
/// file's bytes written, not yet renamed into place). `IMGSITE_KILL_WITH=INT`
/// or `TERM` sends that signal instead, as Ctrl-C or a CI runner's stop
/// would. Unset, each point costs one comparison.
package enum FaultInjection {
    private static let target: (point: String, count: Int)? = {
        guard let value = ProcessInfo.processInfo.environment["IMGSITE_KILL_AT"], !value.isEmpty else { return nil }
        let parts = value.split(separator: "#", maxSplits: 1)
        return (String(parts[0]), parts.count > 1 ? Int(parts[1]) ?? 1 : 1)
    }()
    private static let hits = Mutex(0)

    package static func point(_ name: @autoclosure () -> String) {
        guard let target, target.point == name() else { return }
        let count = hits.withLock { value in
            value += 1
            return value
        }
        guard count == target.count else { return }
        let signal: [String: Int32] = ["INT": SIGINT, "TERM": SIGTERM]
        kill(getpid(), signal[ProcessInfo.processInfo.environment["IMGSITE_KILL_WITH"] ?? ""] ?? SIGKILL)
    }
}
