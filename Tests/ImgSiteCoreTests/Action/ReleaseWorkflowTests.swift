import Foundation
import ImgSiteCore
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

    @Test("release-check: the current version's tag passes and prints its CHANGELOG section; another tag fails naming the version")
    func tagCheck() throws {
        let version = ImgSiteVersion.current
        let good = try ChildProcess.run(Self.check, ["v\(version)", "--notes"])
        let notes = String(decoding: good.output, as: UTF8.self)
        #expect(good.status == 0 && notes.contains("### "), "\(notes)\(String(decoding: good.errors, as: UTF8.self))")
        #expect(!notes.contains("## \(version)") && !notes.contains("## Unreleased"), "the section's body only")
        let bad = try ChildProcess.run(Self.check, ["v99.0.0"])
        #expect(bad.status == 1)
        #expect(String(decoding: bad.errors, as: UTF8.self).contains("the tag v99.0.0 is not v\(version), the version imgsite --version prints"))
    }
}
