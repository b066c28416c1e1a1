import Foundation
@testable import ImgSitePlanning
import Synchronization
import Testing

@testable import ImgSiteCore

/// Under `imgsite watch` a whole-site budget's plan is kept through an
/// edit while the site fits it: a deletion re-encodes nothing and plans
/// nothing, an addition makes only its own photo; `build` plans as a clean build.
@Suite struct WatchBudgetPlanTests {
    struct Run {
        var summary: BuildSummary
        var steps: [String]
    }

    static func build(_ input: URL, _ config: SiteConfig, output: URL, cache: URL, watching: Bool) throws -> Run {
        var options = try BuildOptions(input: input, output: output, config: config, jobs: 2, force: false, cacheFolder: cache)
        options.keepsBudgetPlanThroughEdits = watching
        let steps = Mutex<[String]>([])
        let summary = try BuildPipeline(options: options) { event in
            if case .step(let name) = event { steps.withLock { $0.append(name) } }
        }.run()
        return Run(summary: summary, steps: steps.withLock { $0 })
    }

    @Test("watch: a deletion plans and encodes nothing, an addition encodes its photo alone within the budget; build plans again")
    func editsKeepThePlan() throws {
        let (input, config) = try BudgetCeilingTests.budgetedLibrary()
        let (output, cache) = (try Corpus.scratch("site"), try Corpus.scratch("cache"))
        let first = try Self.build(input, config, output: output, cache: cache, watching: true)
        #expect(first.summary.built == 4 && first.steps.contains { $0.hasPrefix("budget: reading 4 headers") }, "\(first.steps)")
        let planned = try #require(first.summary.budget).gaveUp.map(\.setting)

        try FileManager.default.removeItem(at: input.appending(path: "a/Garden.jpg"))
        let deleted = try Self.build(input, config, output: output, cache: cache, watching: true)
        #expect(deleted.summary.upToDate == 3 && deleted.summary.encodedFiles == 0 && deleted.summary.sourcesRead == 0, "\(deleted.summary)")
        #expect(!deleted.steps.contains { $0.contains("headers") } && deleted.steps.contains { $0.contains("kept through this edit (1 photo removed)") },
                "\(deleted.steps)")
        #expect(deleted.summary.budget?.gaveUp.map(\.setting) == planned)

        try Corpus.copy([Corpus.photo("nature/Dune.jpg")], into: input, album: "a")
        let added = try Self.build(input, config, output: output, cache: cache, watching: true)
        #expect(added.summary.built == 1 && added.summary.upToDate == 3 && added.summary.failed.isEmpty, "\(added.summary)")
        #expect(added.steps.contains { $0.contains("kept through this edit (1 photo added or changed, 1 photo removed)") }, "\(added.steps)")
        let site = OutputFolder(root: output).filesAndBytes(except: [OutputLock.fileName])
        #expect(site.bytes <= config.budgets.site!, "\(site.bytes) over \(config.budgets.site!)")

        // A build plans on the photos as they are, as a clean build does.
        let built = try Self.build(input, config, output: output, cache: cache, watching: false)
        #expect(built.steps.contains { $0.hasPrefix("budget: reading 4 headers") }, "\(built.steps)")
        let clean = try Self.build(input, config, output: try Corpus.scratch("clean"), cache: try Corpus.scratch("cleancache"), watching: false)
        #expect(built.summary.budget?.gaveUp.map(\.setting) == clean.summary.budget?.gaveUp.map(\.setting))
    }

    @Test("a kept plan holds for removals and a few changes, not for many, other settings or the same photos")
    func keeps() {
        let photos = Dictionary(uniqueKeysWithValues: (0..<40).map { ("a/\($0).jpg", "1 2 \($0)") })
        let saved = BudgetPlanKey(settings: "s", pages: "p", photos: photos)
        var fewer = saved
        fewer.photos = photos.filter { $0.key != "a/0.jpg" && $0.key != "a/1.jpg" }
        #expect(fewer.keeps(saved) == "2 photos removed")
        var two = saved
        two.photos["b/new.jpg"] = "9 9 9"
        two.photos["a/3.jpg"] = "5 5 5"
        #expect(two.keeps(saved) == "2 photos added or changed")
        var three = two
        three.photos["b/other.jpg"] = "8 8 8"
        #expect(three.keeps(saved) == nil)
        var settings = fewer
        settings.settings = "t"
        #expect(settings.keeps(saved) == nil && saved.keeps(saved) == nil)
    }
}
