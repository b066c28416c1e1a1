import Foundation
import Testing

/// In `make test`: a fixed-seed slice of the fuzzer, and every file `make
/// fuzz` has kept in Tests/Fixtures/crashers. Each file gets its one named
/// line; nothing crashes or hangs; no temporary file is left.
@Suite(.tags(.slow)) struct HostileInputTests {
    static let crashers = Corpus.repoRoot.appendingPathComponent("Tests/Fixtures/crashers")

    @Test("48 corrupted corpus files (fixed seed) are each built or named with a reason")
    func fixedSeed() throws {
        var mutator = Mutator(random: .init(state: 20_261_122))
        let input = try Corpus.scratch("hostile")
        let album = input.appendingPathComponent("a")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        let originals = try FuzzTests.seeds.map { (name: $0, bytes: [UInt8](try Data(contentsOf: Corpus.photo($0)))) }
        for index in 0..<48 {
            let original = originals[index % originals.count]
            let kind = Mutator.Kind.allCases[index % Mutator.Kind.allCases.count]
            let name = "\(index)-\(kind.rawValue)-\((original.name as NSString).lastPathComponent)"
            try Data(mutator.mutate(original.bytes, kind)).write(to: album.appendingPathComponent(name))
        }
        var outcomes: [String: Int] = [:]
        let problems = try FuzzTests.check(input, expected: 48, outcomes: &outcomes)
        #expect(problems.isEmpty, "\(problems)")
        #expect(outcomes["failed", default: 0] > 0 && outcomes["built", default: 0] > 0, "\(outcomes)")
    }

    @Test("files kept by make fuzz still get one named line each")
    func keptCrashers() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.crashers.path).filter { $0 != "README.md" }
        try #require(!files.isEmpty, "Tests/Fixtures/crashers keeps at least one past offender")
        let input = try Corpus.scratch("crashers")
        try Corpus.copy(files.map { Self.crashers.appendingPathComponent($0) }, into: input, album: "a")
        var outcomes: [String: Int] = [:]
        let problems = try FuzzTests.check(input, expected: files.count, outcomes: &outcomes)
        #expect(problems.isEmpty, "\(problems)")
    }
}
