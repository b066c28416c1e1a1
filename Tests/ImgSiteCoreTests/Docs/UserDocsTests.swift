import Foundation
import ImgSiteCore
@testable import ImgSitePlanning
import Testing
import Vips

/// The user's documentation speaks of the tool, not of how it was made or
/// of its code (that is CONTRIBUTING's), and claims only what is tested.
@Suite struct UserDocsTests {
    /// README and docs/: what a user reads. CONTRIBUTING and CHANGELOG may name the code.
    static let pages = ["README.md"] + DocsTests.pages.filter { $0.hasPrefix("docs/") }

    /// How the tool was made, the machine it was made on, and its internals.
    nonisolated(unsafe) static let insideTalk: [(Regex<AnyRegexOutput>, String)] = [
        (Regex(/of mine/), "a person's aside"),
        (Regex(/[Cc]ommit [0-9a-f]{7}/), "a commit"),
        (Regex(/slow hour|this shared machine|this 2-core machine|this project's/), "the machine it was made on"),
        (Regex(/the obvious next/), "a plan"),
        (Regex(/\b[A-Z][A-Za-z]+Tests\b/), "a test's name"),
        (Regex(/\bCacheKey\b|Sources\/[A-Za-z]/), "the code"),
    ]

    /// What the tool once did and no longer does: said nowhere a user reads.
    nonisolated(unsafe) static let pastStories: [(Regex<AnyRegexOutput>, String)] = [
        (Regex(/export them to JPEG first|RAW files included|RAW files are not read/), "RAW files shown through their previews"),
    ]

    @Test("README and docs/ tell one story of what the tool does: RAW files are shown, not skipped")
    func oneStory() throws {
        for page in Self.pages + ["site-example/README.md"] {
            let text = try DocsTests.text(page)
            for (pattern, truth) in Self.pastStories {
                let found = text.matches(of: pattern).map { String(text[$0.range]) }
                #expect(found.isEmpty, "\(page) says \(found); the tool has \(truth)")
            }
        }
        let inputs = try DocsTests.text("docs/cli.md").components(separatedBy: "## Inputs").last ?? ""
        #expect(inputs.prefix(600).contains("RAW"), "cli.md's input list names RAW files")
    }

    @Test("README and docs/ name no test, type or source file, no commit and no machine of the project's")
    func speakOfTheTool() throws {
        #expect(Self.pages.count > 8)
        for page in Self.pages {
            let text = try DocsTests.text(page)
            for (pattern, what) in Self.insideTalk {
                let found = text.matches(of: pattern).map { String(text[$0.range]) }
                #expect(found.isEmpty, "\(page) speaks of \(what): \(found)")
            }
        }
    }

    @Test("install.md names the libvips imgsite needs, and claims tests only for what CI and the make targets run")
    func platformClaims() throws {
        let install = try DocsTests.text("docs/install.md")
        #expect(install.contains("libvips \(Vips.minimumVersion) or newer"))
        let tested = install.split(separator: "\n").filter { $0.contains("tested on every change") }
        // The bundle's row holds while `make test` runs `make test-bundle`.
        let testTarget = try DocsTests.text("Makefile").split(separator: "\n\n").first { $0.contains("\ntest: ") } ?? ""
        #expect(!tested.isEmpty && tested.allSatisfy {
            $0.hasPrefix("| Debian 12") || $0.contains("IMGSITE_NATIVE=off")
                || ($0.hasPrefix("| the release bundle, x86-64") && testTarget.contains("$(MAKE) test-bundle"))
        }, "\(tested)")
        #expect(!install.contains("Ubuntu 22.04+"))
        let onDemand = install.split(separator: "\n").filter { $0.contains("tested on demand") }
        let makefile = try DocsTests.text("Makefile")
        for line in onDemand {
            for target in line.matches(of: /make ([a-z-]+)/).map({ String($0.1) }) {
                #expect(makefile.contains("\n\(target):"), "\(target) is not a make target")
            }
        }
    }

    @Test("the version --version prints is the newest released heading of the CHANGELOG")
    func versionAgrees() throws {
        let changelog = try DocsTests.text("CHANGELOG.md")
        let released = changelog.matches(of: /\n## (\d+\.\d+\.\d+) — \d{4}-\d{2}-\d{2}\n/).map { String($0.1) }
        #expect(released.first == ImgSiteVersion.current, "CHANGELOG's newest release \(released.first ?? "none"), imgsite \(ImgSiteVersion.current)")
    }

}
