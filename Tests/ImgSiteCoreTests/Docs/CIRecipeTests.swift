import Foundation
import ImgSiteCore
@testable import ImgSitePlanning
import Testing
import Yams

/// The CI recipes (`docs/ci/`) and every YAML snippet of the docs: each
/// parses, and each recipe passes the schema of the engine it is for
/// (check-jsonschema's copies of GitHub's and GitLab's).
@Suite struct CIRecipeTests {
    static let recipes = Corpus.repoRoot.appending(path: "docs/ci")

    @Test("every ```yaml block of the README and docs/ parses")
    func snippets() throws {
        var checked = 0
        for page in DocsTests.pages {
            let text = try DocsTests.text(page)
            for block in text.matches(of: /```yaml\n((?:.|\n)*?)```/) {
                checked += 1
                #expect(throws: Never.self, "\(page): \(block.1.prefix(80))") { _ = try Yams.load(yaml: String(block.1)) }
            }
        }
        #expect(checked >= 4)
    }

    @Test("each recipe passes its engine's published schema (GitHub workflows, GitLab CI); the Kubernetes ones parse")
    func recipes() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.recipes.path).filter { $0.hasSuffix(".yml") }.sorted()
        #expect(files.count >= 7, "\(files)")
        for file in files {
            let path = Self.recipes.appending(path: file).path
            let schema = file.hasPrefix("github-") ? "vendor.github-workflows" : file.hasPrefix("gitlab-") ? "vendor.gitlab-ci" : nil
            if let schema {
                let problems = try GitHubActionTests.schemaProblems(schema, path)
                #expect(problems == nil, "\(file): \(problems ?? "")")
            } else {
                #expect(throws: Never.self, "\(file)") { _ = try Yams.load_all(yaml: String(contentsOfFile: path, encoding: .utf8)).map { $0 } }
            }
        }
    }

    @Test("every pin of imgsite in the recipes and docs names the current release")
    func pins() throws {
        let version = ImgSiteVersion.current
        var pins: [(String, String)] = []
        let recipes = try FileManager.default.contentsOfDirectory(atPath: Self.recipes.path).map { "docs/ci/\($0)" }
        for page in DocsTests.pages + recipes {
            let text = try String(contentsOf: Corpus.repoRoot.appending(path: page), encoding: .utf8)
            for match in text.matches(of: /imgsite@v?(\d+\.\d+\.\d+)|IMGSITE_VERSION: "(\d+\.\d+\.\d+)"|imgsite-(\d+\.\d+\.\d+)-linux/) {
                pins.append((page, String(match.1 ?? match.2 ?? match.3 ?? "")))
            }
        }
        #expect(pins.count >= 10, "\(pins)")
        for (page, pinned) in pins { #expect(pinned == version, "\(page) pins \(pinned), not \(version)") }
    }
}
