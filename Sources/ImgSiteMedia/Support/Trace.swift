import Foundation

/// `IMGSITE_TRACE=1`: what a build spends its time on, on standard error,
/// for profiling (each step's wall time, each still's path).
package enum Trace {
    package static let enabled = ProcessInfo.processInfo.environment["IMGSITE_TRACE"] == "1"

    /// Under `enabled`, says `line` on standard error.
    package static func say(_ line: @autoclosure () -> String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("imgsite: \(line())\n".utf8))
    }
}
