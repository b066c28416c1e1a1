import Foundation

/// A program run to its end (see `Spawned`), its two streams caught in files.
///
/// Files, not pipes: a pipe ends only when every process holding its write
/// end has closed it, and reading one to its end once waited for a
/// chromedriver that lived as long as the suite.
enum ChildProcess {
    struct Run {
        var status: Int32
        var killedBySignal: Bool
        var output: Data
        var errors: Data
        /// Killed after `timeout` seconds without ending.
        var timedOut: Bool
    }

    /// A run that outlived `hangLimit` with no timeout of its own: the test
    /// fails naming the command instead of holding CI until its deadline.
    struct Hang: Error, CustomStringConvertible {
        var command: [String]
        var output: String
        var errors: String
        var description: String {
            "\(command.joined(separator: " ")) did not end in \(Int(ChildProcess.hangLimit)) s; "
                + "standard output so far: \(output.suffix(2000)) standard error so far: \(errors.suffix(2000))"
        }
    }

    /// The longest any run may take when its caller gives no timeout.
    static let hangLimit = 900.0

    /// Runs `executable arguments…` with `environment` (nil: this process's),
    /// `input` on its standard input. Past `timeout` seconds it is killed and
    /// the run says so; with no timeout, past `hangLimit` it is killed and
    /// `Hang` thrown.
    static func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                    input: Data? = nil, timeout: Double? = nil) throws -> Run {
        let folder = try Corpus.scratch("process")
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputFile = folder.appending(path: "stdin")
        try (input ?? Data()).write(to: inputFile)
        let standardInput = open(inputFile.path, O_RDONLY | O_CLOEXEC)
        guard standardInput >= 0 else { throw Spawned.Failure(description: "cannot open \(inputFile.path): errno \(errno)") }
        defer { close(standardInput) }
        let (output, errors) = (try StreamFile(folder.appending(path: "stdout")), try StreamFile(folder.appending(path: "stderr")))
        defer { output.close(); errors.close() }

        let child = try Spawned(executable.path, arguments, environment: environment,
                                input: standardInput, output: output.descriptor, errors: errors.descriptor)
        let timedOut = !child.wait(timeout: timeout ?? hangLimit)
        if timedOut {
            child.signal(SIGKILL)
            child.wait()
        }
        let run = Run(status: child.status, killedBySignal: child.killedBySignal,
                      output: output.data, errors: errors.data, timedOut: timedOut)
        if timedOut && timeout == nil {
            throw Hang(command: [executable.path] + arguments, output: String(decoding: run.output, as: UTF8.self),
                       errors: String(decoding: run.errors, as: UTF8.self))
        }
        return run
    }
}
