import Foundation

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
    /// and output (both streams). Past `timeout` seconds it is killed and the
    /// run says so; with no timeout, past `ChildProcess.hangLimit` it is killed
    /// and `ChildProcess.Hang` thrown.
    static func run(_ arguments: [String], environment: [String: String] = [:], timeout: Double? = nil) throws -> Run {
        let run = try ChildProcess.run(executable, arguments,
                                       environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, timeout: timeout)
        return Run(status: run.status, killedBySignal: run.killedBySignal, output: String(decoding: run.output, as: UTF8.self),
                   errors: String(decoding: run.errors, as: UTF8.self), timedOut: run.timedOut)
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
