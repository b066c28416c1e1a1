import Foundation
import ImgSiteCore

/// Shows a build's progress: on a terminal one live line (done/total,
/// current file, elapsed), in a pipe plain lines a log can keep.
final class ProgressPrinter: @unchecked Sendable {
    enum Verbosity { case quiet, normal, verbose }

    private let verbosity: Verbosity
    private let output: String
    private let live = Terminal.isInteractive
    private let lock = NSLock()
    private let start = Date()
    private var total = 0
    private var done = 0
    private var current = ""

    init(verbosity: Verbosity, output: String) {
        self.verbosity = verbosity
        self.output = output
    }

    /// Called from worker threads.
    func handle(_ event: BuildEvent) {
        lock.lock()
        defer { lock.unlock() }
        switch event {
        case let .started(total, fresh):
            self.total = total
            if verbosity == .verbose { line("\(total) images, \(fresh) up to date") }
        case .processing(let path):
            current = path
        case .built(let image):
            done += 1
            for warning in image.warnings { line("warning: \(image.source): \(warning)", force: true) }
            if verbosity != .quiet && !live {
                line("built \(image.source) (\(image.variants.count) files, \(Bytes.text(image.outputBytes)))")
            }
        case .upToDate(let image):
            done += 1
            if verbosity == .verbose { line("up to date \(image.source)") }
        case .failed(let error):
            done += 1
            line("error: \(error)", force: true)
        case .step(let name):
            if verbosity == .verbose { line("step: \(name)") }
        case .waiting(let holder):
            line("waiting: \(output) is being written by another imgsite (\(holder))", force: true)
        }
        redraw()
    }

    func clearLine() {
        if live && verbosity != .quiet { Terminal.write("\r\u{1B}[K", toError: true) }
    }

    /// The one summary line, on standard output.
    func finish(_ summary: BuildSummary) {
        lock.lock()
        defer { lock.unlock() }
        clearLine()
        var parts = ["built \(summary.built)", "up to date \(summary.upToDate)", "failed \(summary.failed.count)"]
        if !summary.warnings.isEmpty { parts.append("warnings \(summary.warnings.count)") }
        if summary.removed > 0 { parts.append("removed \(summary.removed) stale files") }
        let bytes = "\(Bytes.text(summary.bytesIn)) → \(Bytes.text(summary.bytesOut))"
        let seconds = String(format: "%.1f s", summary.seconds)
        Terminal.write("\(parts.joined(separator: ", ")); \(bytes); \(seconds); site in \(output)\n", toError: false)
    }

    private func line(_ text: String, force: Bool = false) {
        guard force || verbosity != .quiet else { return }
        clearLine()
        Terminal.write(text + "\n", toError: true)
    }

    private func redraw() {
        guard live, verbosity != .quiet, total > 0 else { return }
        let elapsed = String(format: "%.1fs", Date().timeIntervalSince(start))
        let width = String(total).count
        let counter = String(repeating: " ", count: width - String(done).count) + "\(done)/\(total)"
        Terminal.write("\r\u{1B}[K[\(counter)] \(elapsed) \(current.prefix(60))", toError: true)
    }
}

/// Human byte counts: "812 B", "3.4 MB".
enum Bytes {
    static func text(_ count: Int) -> String {
        let units = ["B", "KB", "MB", "GB"]
        var value = Double(count)
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(count) B" : String(format: "%.1f %@", value, units[unit])
    }
}

/// Standard output and error, and whether a person is watching.
enum Terminal {
    static var isInteractive: Bool { isatty(STDERR_FILENO) != 0 && ProcessInfo.processInfo.environment["TERM"] != "dumb" }

    static func write(_ text: String, toError: Bool) {
        FileHandle(fileDescriptor: toError ? STDERR_FILENO : STDOUT_FILENO).write(Data(text.utf8))
    }

    static func error(_ text: String) { write(text + "\n", toError: true) }
}
