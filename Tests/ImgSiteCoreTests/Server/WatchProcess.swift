import Foundation
import Synchronization

/// `imgsite watch` in a process of its own, its two streams read as they come.
final class WatchProcess: Sendable {
    let process: Process
    private let output = Text()
    private let errors = Text()

    /// One stream's text so far.
    private final class Text: Sendable {
        private let text = Mutex("")
        func append(_ data: Data) { text.withLock { $0 += String(decoding: data, as: UTF8.self) } }
        var value: String { text.withLock { $0 } }
    }

    init(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = ImgsiteProcess.executable
        process.arguments = ["watch"] + arguments
        let (out, err) = (Pipe(), Pipe())
        process.standardOutput = out
        process.standardError = err
        self.process = process
        for (pipe, text) in [(out, output), (err, errors)] {
            let handle = pipe.fileHandleForReading
            Thread {
                while case let data = handle.availableData, !data.isEmpty { text.append(data) }
            }.start()
        }
        try process.run()
    }

    var standardOutput: String { output.value }
    var standardError: String { errors.value }

    /// Waits up to `timeout` seconds for `condition` on (standard output, standard error).
    @discardableResult
    func wait(timeout: Double = 60, until condition: (String, String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(standardOutput, standardError) { return true }
            if !process.isRunning { return condition(standardOutput, standardError) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    /// The port from "serving http://127.0.0.1:PORT/".
    func port(timeout: Double = 120) -> Int? {
        var port: Int?
        wait(timeout: timeout) { _, errors in
            port = errors.firstMatch(of: /serving .*http:\/\/127\.0\.0\.1:(\d+)\//).flatMap { Int($0.1) }
            return port != nil
        }
        return port
    }

    /// The summary lines printed so far ("built N, up to date N, failed N…").
    var summaries: [Substring] { standardOutput.split(separator: "\n").filter { $0.starts(with: /built \d+, up to date/) } }

    /// Ctrl-C, then the exit.
    func interrupt() {
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}
