import Foundation
import ImgSiteCore
import Synchronization

/// Shows a build's progress. Image lines and the summary go to standard
/// output (`ImageLine`): in a pipe, or when `CI` is set, one line per image;
/// on a terminal, only failures and warnings, under a live progress line on
/// standard error.
final class ProgressPrinter: Sendable {
    enum Verbosity { case quiet, normal, verbose }

    struct State {
        var total = 0
        var done = 0
        /// Up to date before processing began (they take no time).
        var fresh = 0
        var current = ""
        /// When the first image to process began.
        var processingSince: ContinuousClock.Instant?
        /// The work of each image to make (`BuildEvent.work`), what of it is
        /// done, and how far each clip being encoded is.
        var work: [String: Double] = [:]
        var workDone = 0.0
        var encodingPercent: [String: Int] = [:]

        /// Takes the work of `path`, finished.
        mutating func finished(_ path: String) {
            workDone += work[path] ?? 0
            encodingPercent[path] = nil
        }

        /// The share of the work done, counting clips part-way; nil when
        /// the build did not say its work (a shard's).
        var workShare: Double? {
            let total = work.values.reduce(0, +)
            guard total > 0 else { return nil }
            let partial = encodingPercent.reduce(0.0) { $0 + (work[$1.key] ?? 0) * Double($1.value) / 100 }
            return min(1, (workDone + partial) / total)
        }
    }

    private let verbosity: Verbosity
    private let output: String
    /// Every image gets its line (a pipe, CI, or --verbose).
    private let everyImage: Bool
    private let live: Bool
    private let start = ContinuousClock.now
    private let state = Mutex(State())

    init(verbosity: Verbosity, output: String) {
        self.verbosity = verbosity
        self.output = output
        everyImage = verbosity == .verbose || (verbosity == .normal && !Terminal.isInteractive(STDOUT_FILENO))
        live = verbosity != .quiet && Terminal.isInteractive(STDERR_FILENO)
    }

    /// Called from worker threads.
    func handle(_ event: BuildEvent) {
        state.withLock { state in
            switch event {
            case let .started(total, fresh):
                // A budget's second pass starts its count again.
                state.total = total
                state.done = 0
                state.fresh = fresh
                state.processingSince = .now
                (state.work, state.workDone, state.encodingPercent) = ([:], 0, [:])
                if verbosity == .verbose { message("\(total) images, \(fresh) up to date") }
            case .work(let work):
                state.work = work
            case .processing(let path):
                state.current = path
            case let .encoding(path, percent):
                state.current = "\(path) \(percent)%"
                state.encodingPercent[path] = percent
                if verbosity == .verbose, percent % 25 == 0, percent < 100 { message("encoding \(ImageLine.clean(path)): \(percent)%") }
            case .step(let name):
                if verbosity == .verbose {
                    message("step: \(name)")
                } else if live, state.total == 0, name.hasPrefix("budget") {
                    // Planning a budget reads every header first: seconds
                    // before the bar, said on the line the bar then takes.
                    Terminal.write("\r\u{1B}[K" + ImageLine.clean(name), toError: true)
                }
            case .waiting(let holder):
                message("waiting: \(output) is being written by another imgsite (\(holder))", force: true)
            case .siteWarning:
                if let (_, text) = ImageLine.line(for: event) { printLine(text) }
            case .note(let text):
                message("note: \(ImageLine.clean(text))", force: true)
            case let .skipped(path, reason):
                if verbosity == .verbose { message("skipped \(ImageLine.clean(path)): \(reason)") }
            case .encodedAgain:
                state.done += 1  // its line was told in the first pass
            case let .upToDate(path, warnings) where !everyImage && warnings.isEmpty:
                state.done += 1  // no line to make: 10,000 of them in a no-op build
                state.finished(path)
            case .built, .upToDate, .failed:
                state.done += 1
                if let path = Self.source(of: event) { state.finished(path) }
                if let (status, text) = ImageLine.line(for: event, showingStep: verbosity == .verbose),
                    everyImage || status != .built  // failed, warning, or up to date with its warnings
                {
                    printLine(text)
                }
            }
            redraw(state)
        }
    }

    /// An image line on standard output, above the live progress line.
    private func printLine(_ text: String) {
        clearLine()
        Terminal.write(text + "\n", toError: false)
    }

    func clearLine() {
        if live { Terminal.write("\r\u{1B}[K", toError: true) }
    }

    /// The one summary line, on standard output.
    func finish(_ summary: BuildSummary) {
        state.withLock { _ in
            clearLine()
            // Its address is found only through its link: said by every build, before the summary line.
            let addresses = summary.privateAlbums.map { ImageLine.clean($0.line) + "\n" }.joined()
            Terminal.write(addresses + ImageLine.summary(summary, output: output) + "\n", toError: false)
        }
    }

    /// A note that is not about one image (steps, waiting), on standard error.
    private func message(_ text: String, force: Bool = false) {
        guard force || verbosity != .quiet else { return }
        clearLine()
        Terminal.write(text + "\n", toError: true)
    }

    /// `[#######-------] 812/2000  41.0s  ETA 59s  album/photo.jpg`: plain
    /// characters, no colour (so NO_COLOR and dumb terminals need nothing).
    private func redraw(_ state: State) {
        guard live, state.total > 0 else { return }
        let elapsed = Self.seconds(ContinuousClock.now - start)
        let width = String(state.total).count
        let counter = String(repeating: " ", count: width - String(state.done).count) + "\(state.done)/\(state.total)"
        let filled = state.done * 20 / state.total
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: 20 - filled)
        Terminal.write("\r\u{1B}[K[\(bar)] \(counter)  \(String(format: "%.1fs", elapsed))\(Self.eta(state))  "
            + ImageLine.clean(String(state.current.prefix(50))), toError: true)
    }

    private static func eta(_ state: State) -> String {
        guard let since = state.processingSince, let left = secondsLeft(state, elapsed: seconds(ContinuousClock.now - since)) else { return "" }
        return left < 60 ? String(format: "  ETA %.0fs", left) : String(format: "  ETA %dm%02ds", Int(left) / 60, Int(left) % 60)
    }

    /// Time left at the pace of the work done so far (pixels × frames: a 4K
    /// clip weighs what it costs), or of the images where the work is not
    /// known; up-to-date images cost nothing. Nil before there is a pace.
    static func secondsLeft(_ state: State, elapsed: Double) -> Double? {
        guard state.done < state.total else { return nil }
        if let share = state.workShare {
            return share > 0 ? elapsed / share * (1 - share) : nil
        }
        let processed = state.done - state.fresh
        return processed > 0 ? elapsed / Double(processed) * Double(state.total - state.done) : nil
    }

    /// The source an image's finishing event names.
    private static func source(of event: BuildEvent) -> String? {
        switch event {
        case .built(let image): image.source
        case .upToDate(let path, _): path
        case .failed(let error): error.path
        default: nil
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// Standard output and error, and whether a person is watching.
enum Terminal {
    /// A terminal, not a pipe or file, outside CI, and not a dumb one.
    static func isInteractive(_ descriptor: Int32) -> Bool {
        let environment = ProcessInfo.processInfo.environment
        return isatty(descriptor) != 0 && environment["TERM"] != "dumb" && environment["CI"] == nil
    }

    static func write(_ text: String, toError: Bool) {
        FileHandle(fileDescriptor: toError ? STDERR_FILENO : STDOUT_FILENO).write(Data(text.utf8))
    }

    static func error(_ text: String) { write(text + "\n", toError: true) }

    /// What ends a live progress line on standard error, so a message after
    /// it starts a line of its own: nothing when standard error is not a terminal.
    static var endingProgressLine: String { isInteractive(STDERR_FILENO) ? "\r\u{1B}[K" : "" }
}
