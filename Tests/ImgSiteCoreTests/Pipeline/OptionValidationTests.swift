import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing

/// Values the CLI refuses must be refused by the types too, for every caller
/// of the library (they used to crash the pipeline: a division by zero for
/// zero jobs, an index out of range for an empty width list).
@Suite struct OptionValidationTests {
    static let folder = URL(fileURLWithPath: "/tmp")

    @Test("zero or negative jobs are a clear error, not a crash", arguments: [0, -3])
    func jobs(_ jobs: Int) {
        #expect(throws: BuildError.self) {
            try BuildOptions(input: Self.folder, output: Self.folder, config: SiteConfig(), jobs: jobs, force: false)
        }
    }

    @Test("an empty or out-of-range width list is a config error naming the key", arguments: [[], [0], [70_000]])
    func widths(_ widths: [Int]) {
        var config = SiteConfig()
        config.widths = .fixed(widths)
        do {
            _ = try BuildOptions(input: Self.folder, output: Self.folder, config: config, jobs: 1, force: false)
            Issue.record("accepted widths \(widths)")
        } catch {
            #expect(error.step == .options && error.reason.contains("'widths'"), "\(error)")
        }
        #expect(throws: ConfigError.self) { try SiteConfig.parse(yaml: "widths: \(widths)\n", file: "imgsite.yml") }
    }

    @Test("a config built in code is checked like one read from YAML")
    func programmaticConfig() {
        var config = SiteConfig()
        config.formats = [.webp]
        #expect(throws: ConfigError.self) { try config.validate() }
        config = SiteConfig()
        config.jpeg.quality = 0
        #expect(throws: ConfigError.self) { try config.validate() }
        #expect(throws: Never.self) { try SiteConfig().validate() }
    }

    @Test("the width planner never returns an empty list")
    func plannerNeverEmpty() {
        let planner = WidthPlanner(layout: ThemeLayout(), policy: .fixed([]), maxWidth: 3840)
        #expect(planner.widths(sourceWidth: 800, sourceHeight: 600) == [800])
    }
}
