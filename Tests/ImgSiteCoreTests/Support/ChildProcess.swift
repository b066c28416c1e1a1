import Foundation

/// A program run to its end, its two streams caught in files.
///
/// Files, not pipes: a pipe ends only when every process holding its write
/// end has closed it, and a process another test starts in the same instant
/// can inherit it (Foundation closes inherited descriptors only up to the
/// highest open when it looks). Reading a pipe to its end once waited for a
/// chromedriver that lived as long as the suite, and CI ran out of time.
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
        let files = ["stdin", "stdout", "stderr"].map { folder.appending(path: $0) }
        try (input ?? Data()).write(to: files[0])
        for file in files.dropFirst() { try Data().write(to: file) }
        let standardInput = try FileHandle(forReadingFrom: files[0])
        let (output, errors) = (try FileHandle(forWritingTo: files[1]), try FileHandle(forWritingTo: files[2]))
        defer { for handle in [standardInput, output, errors] { try? handle.close() } }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardInput = standardInput
        process.standardOutput = output
        process.standardError = errors
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        let timedOut = ended.wait(timeout: .now() + (timeout ?? hangLimit)) == .timedOut
        if timedOut {
            kill(process.processIdentifier, SIGKILL)
            ended.wait()
        }
        let run = Run(status: process.terminationStatus, killedBySignal: process.terminationReason == .uncaughtSignal,
                      output: try Data(contentsOf: files[1]), errors: try Data(contentsOf: files[2]), timedOut: timedOut)
        if timedOut && timeout == nil {
            throw Hang(command: [executable.path] + arguments, output: String(decoding: run.output, as: UTF8.self),
                       errors: String(decoding: run.errors, as: UTF8.self))
        }
        return run
    }
}
