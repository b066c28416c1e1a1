import Foundation

/// The `imgsite` executable built next to the tests, run as a user runs it.
enum ImgsiteProcess {
    struct Run {
        var status: Int32
        var killedBySignal: Bool
        var output: String
    }

    static var executable: URL {
        let sibling = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("imgsite")
        if FileManager.default.isExecutableFile(atPath: sibling.path) { return sibling }
        return Corpus.repoRoot.appendingPathComponent(".build/debug/imgsite")
    }

    /// Runs `imgsite arguments…` with `environment` added; returns its status and output (both streams).
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, killedBySignal: process.terminationReason == .uncaughtSignal,
                   output: String(decoding: data, as: UTF8.self))
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
