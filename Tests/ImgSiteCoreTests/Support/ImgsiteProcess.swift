import Foundation
import Synchronization

/// The `imgsite` executable built next to the tests, run as a user runs it.
enum ImgsiteProcess {
    struct Run {
        var status: Int32
        var killedBySignal: Bool
        /// Standard output: the image lines and the summary (the contract).
        var output: String
        /// Standard error: progress, errors, and what libraries print themselves.
        var errors: String
        /// Killed after `timeout` seconds without ending.
        var timedOut = false
    }

    static var executable: URL {
        let sibling = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("imgsite")
        if FileManager.default.isExecutableFile(atPath: sibling.path) { return sibling }
        return Corpus.repoRoot.appendingPathComponent(".build/debug/imgsite")
    }

    /// Runs `imgsite arguments…` with `environment` added; returns its status
    /// and output (both streams). Past `timeout` seconds it is killed.
    static func run(_ arguments: [String], environment: [String: String] = [:], timeout: Double? = nil) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let (pipe, errorPipe) = (Pipe(), Pipe())
        process.standardOutput = pipe
        process.standardError = errorPipe
        // Drain standard error alongside, so a chatty child never blocks on a full pipe.
        let errors = Mutex(Data())
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let data = errorPipe.fileHandleForReading.readDataToEndOfFile()
            errors.withLock { $0 = data }
            drained.signal()
        }
        try process.run()
        let watchdog = timeout.map { seconds in
            DispatchWorkItem { kill(process.processIdentifier, SIGKILL) }.also {
                DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: $0)
            }
        }
        let started = Date()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        drained.wait()
        watchdog?.cancel()
        let timedOut = timeout.map { Date().timeIntervalSince(started) >= $0 } ?? false
        return Run(status: process.terminationStatus, killedBySignal: process.terminationReason == .uncaughtSignal,
                   output: String(decoding: data, as: UTF8.self),
                   errors: String(decoding: errors.withLock { $0 }, as: UTF8.self), timedOut: timedOut)
    }
}

/// Every file under a folder, by relative path, with its bytes.
enum FolderTree {
    static func read(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            let url = folder.appendingPathComponent(path)
            if (enumerator?.fileAttributes?[.type] as? FileAttributeType) == .typeRegular {
                files[path] = try Data(contentsOf: url)
            }
        }
        return files
    }

    /// The differences between two trees, as readable lines (empty when equal).
    static func differences(_ a: [String: Data], _ b: [String: Data]) -> [String] {
        let onlyA = Set(a.keys).subtracting(b.keys).sorted().map { "only in the first: \($0)" }
        let onlyB = Set(b.keys).subtracting(a.keys).sorted().map { "only in the second: \($0)" }
        let differing = Set(a.keys).intersection(b.keys).filter { a[$0] != b[$0] }.sorted().map { "differs: \($0)" }
        return onlyA + onlyB + differing
    }
}

extension DispatchWorkItem {
    /// Runs `body` with the item, then returns it (to schedule it inline).
    func also(_ body: (DispatchWorkItem) -> Void) -> DispatchWorkItem {
        body(self)
        return self
    }
}
