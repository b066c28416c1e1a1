import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// The user's documentation against the code: every config key the reader
/// accepts is documented, and every link between the pages resolves (its
/// file, and its `#anchor` to a heading there).
@Suite struct DocsTests {
    static let pages = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md", "site-example/README.md"]
        + ((try? FileManager.default.contentsOfDirectory(atPath: Corpus.repoRoot.appending(path: "docs").path)) ?? [])
        .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }

    static func text(_ page: String) throws -> String {
        try String(contentsOf: Corpus.repoRoot.appending(path: page), encoding: .utf8)
    }

    /// The keys the reader knows at `section` ("" for the top), from its own
    /// error for an unknown key: "… is not a known key (known: a, b, c)".
    static func knownKeys(_ section: String) -> [String] {
        let yaml = section.isEmpty ? "not_a_key: 1\n" : "\(section): { not_a_key: 1 }\n"
        do {
            _ = try SiteConfig.parse(yaml: yaml, file: "imgsite.yml")
            return []
        } catch {
            let message = "\(error)"
            guard let list = message.firstMatch(of: /\(known: ([^)]*)\)/)?.output.1 else { return [] }
            return list.split(separator: ", ").map(String.init)
        }
    }

    @Test("docs/configuration.md documents every key imgsite.yml may hold")
    func everyKeyDocumented() throws {
        let documentation = try Self.text("docs/configuration.md")
        let top = Self.knownKeys("")
        #expect(top.count > 15 && top.contains("dense_format"), "\(top)")
        for key in top {
            #expect(documentation.contains("`\(key)`") || documentation.contains("\n\(key):"), "\(key) is not documented")
        }
        for section in ["jpeg", "webp", "avif", "jxl", "animated", "budgets", "video"] {
            let keys = Self.knownKeys(section)
            #expect(!keys.isEmpty, "\(section)")
            for key in keys {
                #expect(documentation.contains("`\(section).\(key)`"), "\(section).\(key) is not documented")
            }
        }
        #expect(documentation.contains("`albums.<folder>.placeholder`"))
    }

    /// GitHub's anchor for a heading: lower case, punctuation but `-` and `_` dropped, spaces to `-`.
    static func anchor(_ heading: String) -> String {
        heading.lowercased().filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" }
            .replacingOccurrences(of: " ", with: "-")
    }

    static func anchors(_ page: String) throws -> Set<String> {
        var inCode = false
        var found: Set<String> = []
        for line in try text(page).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inCode.toggle() }
            if !inCode, line.hasPrefix("#") { found.insert(anchor(String(line.drop { $0 == "#" }).trimmingCharacters(in: .whitespaces))) }
        }
        return found
    }

    @Test("every link in the README, CONTRIBUTING and docs/ resolves: its file, and its anchor to a heading")
    func linksResolve() throws {
        #expect(Self.pages.count > 10, "\(Self.pages)")
        var checked = 0
        for page in Self.pages {
            let folder = URL(fileURLWithPath: page).deletingLastPathComponent().relativePath
            for match in try Self.text(page).matches(of: /\]\(([^)\s]+)\)/) {
                let target = String(match.output.1)
                if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("mailto:") { continue }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let file = parts[0].isEmpty ? page : (folder == "." ? parts[0] : folder + "/" + parts[0])
                let resolved = URL(fileURLWithPath: file, relativeTo: Corpus.repoRoot).standardizedFileURL
                #expect(FileManager.default.fileExists(atPath: resolved.path), "\(page): \(target) names no file")
                if parts.count == 2, resolved.pathExtension == "md" {
                    let relative = String(resolved.path.dropFirst(Corpus.repoRoot.standardizedFileURL.path.count + 1))
                    #expect(try Self.anchors(relative).contains(parts[1]), "\(page): \(target): no heading #\(parts[1]) in \(relative)")
                }
                checked += 1
            }
        }
        #expect(checked > 40, "\(checked) links")
    }

    @Test("the anchor rule is GitHub's")
    func anchorRule() {
        #expect(Self.anchor("Layout and size matching") == "layout-and-size-matching")
        #expect(Self.anchor("Using imgsite in CI") == "using-imgsite-in-ci")
        #expect(Self.anchor("Native fast paths and platforms") == "native-fast-paths-and-platforms")
        #expect(Self.anchor("0.3.0 — 2026-11-26") == "030--2026-11-26")
    }
}
