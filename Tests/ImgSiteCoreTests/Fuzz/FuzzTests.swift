import Foundation
import Testing

/// `make fuzz`: corrupted variants of corpus files through the real pipeline
/// (the `imgsite` executable), for `IMGSITE_FUZZ_SECONDS`. Every file must
/// get its one line (built, warning or failed, with a reason); no run may
/// crash or hang. An offending file is copied to Tests/Fixtures/crashers,
/// where `CrasherRegressionTests` keep it in `make test`.
@Suite(.serialized, .enabled(if: Fuzzing.seconds != nil, "set IMGSITE_FUZZ_SECONDS to fuzz (make fuzz)"))
struct FuzzTests {
    static let seeds = [
        "formats/tiny-88x64.jpg", "formats/gray.jpg", "formats/cmyk.jpg", "cameras/sony-cybershot.jpg",
        "formats/flower2.webp", "formats/hopper.tif", "formats/exif.avif", "animated/apng-delay.png",
        "animated/1904-blob-dancing.gif", "animated/animated-webp-supported.webp",
    ]
    static let batchSize = 24
    /// Far above what a batch of small files takes (a few seconds): past it, a run hangs.
    static let timeout = 120.0

    @Test func corruptedFilesAreNamedAndNeverCrash() throws {
        let seed = ProcessInfo.processInfo.environment["IMGSITE_FUZZ_SEED"].flatMap(UInt64.init) ?? UInt64(Date().timeIntervalSince1970)
        print("fuzz: seed \(seed) (IMGSITE_FUZZ_SEED=\(seed) repeats this run), \(Fuzzing.seconds!) s")
        var mutator = Mutator(random: .init(state: seed))
        let originals = try Self.seeds.map { (name: $0, bytes: [UInt8](try Data(contentsOf: Corpus.photo($0)))) }
        let deadline = Date().addingTimeInterval(Fuzzing.seconds!)
        var (rounds, files, outcomes) = (0, 0, [String: Int]())
        while Date() < deadline {
            rounds += 1
            let input = try Corpus.scratch("fuzz")
            let album = input.appendingPathComponent("a")
            try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
            for index in 0..<Self.batchSize {
                let original = originals[mutator.random.below(originals.count)]
                let kind = Mutator.Kind.allCases[mutator.random.below(Mutator.Kind.allCases.count)]
                let name = "r\(rounds)-\(index)-\(kind.rawValue)-\((original.name as NSString).lastPathComponent)"
                try Data(mutator.mutate(original.bytes, kind)).write(to: album.appendingPathComponent(name))
            }
            files += Self.batchSize
            let problems = try Self.check(input, expected: Self.batchSize, outcomes: &outcomes)
            if !problems.isEmpty {
                let offenders = try Self.isolate(album)
                Issue.record("round \(rounds): \(problems.prefix(5)); offending files kept: \(offenders)")
            }
            try? FileManager.default.removeItem(at: input)
        }
        print("fuzz: \(rounds) rounds, \(files) corrupted files: \(outcomes.sorted { $0.key < $1.key })")
    }

    /// Builds `input`; returns what broke the contract (empty when all is well).
    static func check(_ input: URL, expected: Int, outcomes: inout [String: Int]) throws -> [String] {
        let output = try Corpus.scratch("fuzz-site")
        defer { try? FileManager.default.removeItem(at: output) }
        let run = try ImgsiteProcess.run(["build", input.path, "-o", output.path, "--jobs", "2"],
                                         environment: ["IMGSITE_CACHE_DIR": output.path + ".cache"], timeout: timeout)
        try? FileManager.default.removeItem(atPath: output.path + ".cache")
        if run.timedOut { return ["no answer in \(Int(timeout)) s (hang)"] }
        if run.killedBySignal || ![0, 1].contains(run.status) { return ["ended by signal/status \(run.status): \(run.errors.suffix(400))"] }
        let lines = run.output.split(separator: "\n").dropLast()
        var problems: [String] = []
        if lines.count != expected { problems.append("\(lines.count) image lines for \(expected) files") }
        for line in lines {
            let status = ["built", "warning", "failed", "up to date"].first { line.hasPrefix($0 + " ") } ?? "?"
            outcomes[status, default: 0] += 1
            if status == "?" || (status != "built" && !line.contains(": ")) { problems.append("unexpected line: \(line)") }
        }
        let leftovers = (FileManager.default.enumerator(atPath: output.path)?.allObjects as? [String] ?? [])
            .filter { $0.contains(".imgsite-tmp-") }
        if !leftovers.isEmpty { problems.append("temporary files left: \(leftovers)") }
        return problems
    }

    /// Builds each file alone; keeps those that break the contract alone.
    static func isolate(_ album: URL) throws -> [String] {
        let kept = Corpus.repoRoot.appendingPathComponent("Tests/Fixtures/crashers")
        try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
        var offenders: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: album.path).sorted() {
            let single = try Corpus.scratch("fuzz-one")
            try Corpus.copy([album.appendingPathComponent(name)], into: single, album: "a")
            var ignored: [String: Int] = [:]
            if try !check(single, expected: 1, outcomes: &ignored).isEmpty {
                try? FileManager.default.copyItem(at: album.appendingPathComponent(name), to: kept.appendingPathComponent(name))
                offenders.append(name)
            }
            try? FileManager.default.removeItem(at: single)
        }
        return offenders
    }
}

/// How long `make fuzz` runs; unset, the fuzz suites are skipped.
enum Fuzzing {
    static let seconds = ProcessInfo.processInfo.environment["IMGSITE_FUZZ_SECONDS"].flatMap(Double.init)
}
