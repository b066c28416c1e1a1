import Foundation
import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// Every place that names a release of imgsite — the Action, its scripts,
/// the docs, the CI recipes — names the one `--version` prints: a stale pin
/// (the Action said v0.3.0, which has no bundle) sends users to a release
/// that is not there.
@Suite struct VersionStringsTests {
    /// How a release is named: a pin, a bundle's name, a recipe's variable, an example.
    nonisolated(unsafe) static let patterns: [Regex<(Substring, Substring)>] = [
        /imgsite@v(\d+\.\d+\.\d+)/, /imgsite-(\d+\.\d+\.\d+)-linux/, /IMGSITE_VERSION\W{0,12}(\d+\.\d+\.\d+)/,
        /release to download \(e\.g\. (\d+\.\d+\.\d+)\)/, /"imgsite": "(\d+\.\d+\.\d+)"/, /\nimgsite (\d+\.\d+\.\d+)\n/,
        /--branch v(\d+\.\d+\.\d+)/, /tag `v(\d+\.\d+\.\d+)`/, /\/v(\d+\.\d+\.\d+)\//, /\(`(\d+\.\d+\.\d+)`\)/,
    ]

    static func files() throws -> [String] {
        let root = Corpus.repoRoot
        var files = ["action.yml", "README.md", "site-example/README.md"]
        for folder in ["scripts/action", "docs", "docs/ci", ".github/workflows"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appending(path: folder).path)) ?? []
            files += names.filter { name in [".md", ".yml", ".yaml", ".sh"].contains { name.hasSuffix($0) } }.map { "\(folder)/\($0)" }
        }
        return files.sorted()
    }

    @Test("the Action, its scripts, the docs and the CI recipes name the release --version prints")
    func versionsAgree() throws {
        var found = 0
        for file in try Self.files() {
            let text = try String(contentsOf: Corpus.repoRoot.appending(path: file), encoding: .utf8)
            for pattern in Self.patterns {
                for match in text.matches(of: pattern) {
                    found += 1
                    #expect(String(match.output.1) == ImgSiteVersion.current, "\(file): '\(match.output.0)' is not \(ImgSiteVersion.current)")
                }
            }
        }
        #expect(found > 20, "\(found) release names found")
    }
}

/// Every build says which source it is (#66 ask 9): `swift build` and
/// `make build` as the release bundle does, `--version` and the report alike.
@Suite struct SourceVersionTests {
    @Test("--version and --report name the commit built: the release only from its tag, else <version>+dev.<commit>")
    func commitNamed() throws {
        let script = try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), [Corpus.repoRoot.appending(path: "scripts/build-version.sh").path])
        let expected = String(decoding: script.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(expected == ImgSiteVersion.current || expected.wholeMatch(of: /\d+\.\d+\.\d+\+dev\.[0-9a-f]{7}(\.modified)?/) != nil, "\(expected)")
        // Files edited since the build make the tree `.modified` now and not then: the commit is what must agree.
        func commit(_ text: String) -> String { text.replacingOccurrences(of: ".modified", with: "") }
        let version = try ImgsiteProcess.run(["--version"])
        #expect(commit(String(version.output.split(separator: "\n").first ?? "")) == "imgsite \(commit(expected))", "\(version.output)")
        let input = try Corpus.scratch("input")
        try Corpus.copy([Corpus.photo("formats/tiny-88x64.jpg")], into: input, album: "a")
        let report = try Corpus.scratch("report").appending(path: "build.json")
        let build = try ImgsiteProcess.run(["build", input.path, "-o", try Corpus.scratch("site").path, "--cache-dir", try Corpus.scratch("cache").path,
                                            "--report", report.path])
        #expect(build.status == 0, "\(build.errors)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any]
        #expect((json?["imgsite"] as? String).map(commit) == commit(expected))
    }
}
