import Foundation
import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// axe-core — the engine behind Lighthouse's accessibility audit — on the
/// example site's index, album, photo and clip pages, at a phone and a desktop
/// width, in the light and the dark scheme: no serious or critical
/// violation. axe-core comes from PyPI's axe-selenium-python, which bundles
/// it (`make test-deps` installs it into .build/test-venv).
@Suite(.tags(.browser), .serialized) struct AccessibilityTests {
    static var axeSource: URL? {
        if let path = ProcessInfo.processInfo.environment["IMGSITE_AXE"] { return URL(fileURLWithPath: path) }
        let lib = Corpus.repoRoot.appendingPathComponent(".build/test-venv/lib")
        let pythons = (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []
        return pythons.sorted().lazy.map {
            lib.appendingPathComponent("\($0)/site-packages/axe_selenium_python/node_modules/axe-core/axe.min.js")
        }.first { FileManager.default.fileExists(atPath: $0.path) }
    }

    static let audit = """
        const done = arguments[0];
        axe.run(document, {resultTypes: ['violations']}).then(result => done(result.violations
          .filter(v => v.impact === 'serious' || v.impact === 'critical')
          .map(v => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' — ' + (n.failureSummary || '')).join('; '))));
        """

    @Test("no serious or critical axe-core violation on index, album, photo and unlock pages, phone and desktop, light and dark")
    func axeFindsNothingSerious() async throws {
        let source = try #require(Self.axeSource, "axe-core is missing: `make test-deps` installs axe-selenium-python into .build/test-venv")
        let axe = try String(contentsOf: source, encoding: .utf8)
        var config = SiteConfig()
        config.video.livePhotos = .motion
        // As site-example publishes it: its family album private, listed with a lock, its address the unlock page.
        var family = AlbumSettings()
        family.privacy = PrivateAlbumSettings(passwordEnv: "EXAMPLE_PASSWORD", listed: true, titlePublic: true)
        config.albums["family"] = family
        let site = try TestBuild.run(input: Corpus.repoRoot.appendingPathComponent("site-example/photos"), config: config,
                                     environment: ["EXAMPLE_PASSWORD": "open sesame"])
        try await WebDriver.session { browser in
            for scheme in ["light", "dark"] {
                try await browser.cdp("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": scheme]]])
                for (width, height) in [(390, 844), (1440, 900)] {
                    try await browser.cdp("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500])
                    for page in ["index.html", "nature/index.html", "nature/storm.html", "motion/index.html", "motion/pier.html", "motion/raindrops.html",
                                 "family/index.html"] {
                        try await browser.open(site.output.appendingPathComponent(page))
                        _ = try await browser.executeAsync(axe + "\n;arguments[0](typeof axe);")
                        let violations = try #require(try await browser.executeAsync(Self.audit) as? [String])
                        #expect(violations.isEmpty, "\(page) at \(width) px, \(scheme): \(violations)")
                    }
                }
            }
        }
    }

    @Test("a hard accent (yellow) with a dark or a light backdrop, and an Arabic page: no serious or critical violation, light and dark")
    func themeColours() async throws {
        let source = try #require(Self.axeSource, "axe-core is missing: `make test-deps` installs axe-selenium-python into .build/test-venv")
        let axe = try String(contentsOf: source, encoding: .utf8)
        var sites: [URL] = []
        for (backdrop, language) in [("#1a1a1a", "en"), ("#f5f0e6", "ar")] {
            var config = SiteConfig()
            config.accent = RGB(hex: "#ffcc00")
            config.backdrop = RGB(hex: backdrop)
            config.language = language
            config.downloads = .largest
            sites.append(try TestBuild.run(input: try LanguageTests.library(), config: config).output)
        }
        try await WebDriver.session { browser in
            for scheme in ["light", "dark"] {
                try await browser.cdp("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": scheme]]])
                for site in sites {
                    for page in ["trip/index.html", "trip/dscn0010.html"] {
                        try await browser.open(site.appendingPathComponent(page))
                        _ = try await browser.executeAsync(axe + "\n;arguments[0](typeof axe);")
                        let violations = try #require(try await browser.executeAsync(Self.audit) as? [String])
                        #expect(violations.isEmpty, "\(site.lastPathComponent)/\(page), \(scheme): \(violations)")
                    }
                }
            }
        }
    }
}
