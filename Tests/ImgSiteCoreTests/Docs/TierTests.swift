import Foundation
import Testing

/// The Makefile's tiers come from the suites' tags (`Tiers.swift`), and
/// CONTRIBUTING says what each tag does.
@Suite struct TierTests {
    static let script = Corpus.repoRoot.appending(path: "scripts/test-suites.sh")

    /// The tags `Tiers.swift` declares.
    static func declaredTags() throws -> [String] {
        let source = try String(contentsOf: Corpus.repoRoot.appending(path: "Tests/ImgSiteCoreTests/Support/Tiers.swift"), encoding: .utf8)
        return source.matches(of: /@Tag static var (\w+)/).map { String($0.1) }
    }

    @Test("every tag is in CONTRIBUTING's table, and each selects suites through the script")
    func tagsDocumentedAndUsed() throws {
        let contributing = try String(contentsOf: Corpus.repoRoot.appending(path: "CONTRIBUTING.md"), encoding: .utf8)
        let tags = try Self.declaredTags()
        #expect(tags.count >= 6)
        for tag in tags {
            #expect(contributing.contains("| `\(tag)` |"), "CONTRIBUTING's tier table has a row for \(tag)")
            let run = try ChildProcess.run(Self.script, [tag])
            let suites = String(decoding: run.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(run.status == 0 && !suites.isEmpty, "some suite is tagged \(tag)")
        }
    }

    @Test("the script finds every tagged suite in the sources, and the Makefile names no list of suites by hand")
    func scriptReadsEveryTag() throws {
        let listed = try ChildProcess.run(Self.script, ["--list"])
        let lines = String(decoding: listed.output, as: UTF8.self).split(separator: "\n")
        var tagged = 0
        for file in FileManager.default.enumerator(at: Corpus.repoRoot.appending(path: "Tests"), includingPropertiesForKeys: nil)!
        where (file as! URL).pathExtension == "swift" {
            let text = try String(contentsOf: file as! URL, encoding: .utf8)
            tagged += text.matches(of: /^@Suite\([^\n]*\.tags\(/.anchorsMatchLineEndings()).count
        }
        #expect(lines.count == tagged, "the script lists \(lines.count) suites; the sources tag \(tagged)")
        let known = Set(try Self.declaredTags())
        for line in lines { #expect(line.split(separator: " ").dropFirst().allSatisfy { known.contains(String($0)) }, "\(line)") }
        let makefile = try String(contentsOf: Corpus.repoRoot.appending(path: "Makefile"), encoding: .utf8)
        let lists = makefile.matches(of: /\w+Tests\|\w+Tests/).map { String($0.0) }
        #expect(lists.isEmpty, "suites listed by hand: \(lists)")
    }
}
