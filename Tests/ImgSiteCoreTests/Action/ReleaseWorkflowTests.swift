import Foundation
import ImgSiteCore
@testable import ImgSitePlanning
import Testing
import Yams

/// `.github/workflows/release.yml` and the check it runs first: a release is
/// built only when its tag, `--version` and the CHANGELOG agree.
@Suite struct ReleaseWorkflowTests {
    static let workflow = Corpus.repoRoot.appending(path: ".github/workflows/release.yml")
    static let check = Corpus.repoRoot.appending(path: "scripts/dist/release-check.sh")

    @Test("release.yml passes GitHub's workflow schema, builds and checks the bundle per architecture, and attaches the checksums")
    func workflow() throws {
        let problems = try GitHubActionTests.schemaProblems("vendor.github-workflows", Self.workflow.path)
        #expect(problems == nil, "\(problems ?? "")")
        let yaml = try #require(try Yams.load(yaml: String(contentsOf: Self.workflow, encoding: .utf8)) as? [String: Any])
        let jobs = try #require(yaml["jobs"] as? [String: Any])
        let bundle = try #require(jobs["bundle"] as? [String: Any])
        let commands = ((bundle["steps"] as? [[String: Any]]) ?? []).compactMap { $0["run"] as? String }
        #expect(commands.first == "scripts/dist/release-check.sh \"$GITHUB_REF_NAME\"", "the tag is checked before anything is built")
        #expect(commands.contains("make dist") && commands.contains("make bundle-check"))
        let matrix = (((bundle["strategy"] as? [String: Any])?["matrix"] as? [String: Any])?["include"] as? [[String: Any]]) ?? []
        #expect(Set(matrix.compactMap { $0["arch"] as? String }) == ["x86_64", "aarch64"])
        let publish = try String(contentsOf: Self.workflow, encoding: .utf8)
        #expect(publish.contains("dist/*.tar.gz dist/*.sha256 dist/SHA256SUMS"))
    }

    @Test("release-check: the current version's tag passes and prints its CHANGELOG section; another tag fails naming the version; unreleased entries above it fail")
    func tagCheck() throws {
        let version = ImgSiteVersion.current
        // The CHANGELOG as it is at a release: what was unreleased is gone under the release's heading.
        let changelog = try String(contentsOf: Corpus.repoRoot.appending(path: "CHANGELOG.md"), encoding: .utf8)
        let released = try #require(changelog.range(of: "\n## \(version) ")).lowerBound
        let head = try #require(changelog.range(of: "\n## ")).lowerBound
        let file = try Corpus.scratch("changelog").appending(path: "CHANGELOG.md")
        try (String(changelog[..<head]) + "\n## Unreleased\n" + String(changelog[released...])).write(to: file, atomically: true, encoding: .utf8)
        let good = try ChildProcess.run(Self.check, ["v\(version)", "--notes"], environment: ProcessInfo.processInfo.environment.merging(["CHANGELOG": file.path]) { $1 })
        let notes = String(decoding: good.output, as: UTF8.self)
        #expect(good.status == 0 && notes.contains("### "), "\(notes)\(String(decoding: good.errors, as: UTF8.self))")
        #expect(!notes.contains("## \(version)") && !notes.contains("## Unreleased"), "the section's body only")
        let bad = try ChildProcess.run(Self.check, ["v99.0.0"])
        #expect(bad.status == 1)
        #expect(String(decoding: bad.errors, as: UTF8.self).contains("the tag v99.0.0 is not v\(version), the version imgsite --version prints"))
        // Entries under ## Unreleased above the release: its bundle would hold features its notes do not name.
        try (String(changelog[..<head]) + "\n## Unreleased\n\n### Added\n- something\n" + String(changelog[released...]))
            .write(to: file, atomically: true, encoding: .utf8)
        let early = try ChildProcess.run(Self.check, ["v\(version)"], environment: ProcessInfo.processInfo.environment.merging(["CHANGELOG": file.path]) { $1 })
        #expect(early.status == 1 && String(decoding: early.errors, as: UTF8.self).contains("the CHANGELOG has unreleased entries above \(version)"),
                "\(String(decoding: early.errors, as: UTF8.self))")
    }
}
