import Foundation

/// A program that runs beside a test (`imgsite watch` or `serve`,
/// chromedriver), its two streams caught in files and read as they grow.
final class RunningProcess: Sendable {
    let child: Spawned
    private let folder: URL
    private let output: StreamFile
    private let errors: StreamFile
    /// The write end of its standard input, held open so it never reads an end.
    private let input: Int32

    init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws {
        folder = try Corpus.scratch("process")
        (output, errors) = (try StreamFile(folder.appending(path: "stdout")), try StreamFile(folder.appending(path: "stderr")))
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw Spawned.Failure(description: "pipe: errno \(errno)") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        input = ends[1]
        defer { close(ends[0]) }
        child = try Spawned(executable, arguments, environment: environment,
                            input: ends[0], output: output.descriptor, errors: errors.descriptor)
    }

    /// `imgsite arguments…`.
    static func imgsite(_ arguments: [String], environment: [String: String]? = nil) throws -> RunningProcess {
        try RunningProcess(ImgsiteProcess.executable.path, arguments, environment: environment)
    }

    var standardOutput: String { output.text }
    var standardError: String { errors.text }
    var isRunning: Bool { child.isRunning }

    /// Waits up to `timeout` seconds for `condition` on (standard output, standard error).
    @discardableResult
    func wait(timeout: Double = 60, until condition: (String, String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(standardOutput, standardError) { return true }
            if !child.isRunning { return condition(standardOutput, standardError) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    /// The port from "serving http://127.0.0.1:PORT/" on standard error.
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

    /// Ctrl-C, then the exit (SIGKILL if it has not gone within 120 s).
    func interrupt() {
        child.signal(SIGINT)
        if !child.wait(timeout: 120) { child.signal(SIGKILL) }
        child.wait()
    }

    deinit {
        child.stop()
        close(input)
        output.close()
        errors.close()
        try? FileManager.default.removeItem(at: folder)
    }
}
