import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing

/// `budgets.site` as a ceiling: a build whose images measure over the
/// budget tightens the photos that save the most and encodes them again,
/// and never ends with the site over it.
@Suite struct BudgetCeilingTests {
    /// The corpus library built without a budget: its files and bytes.
    static func unbudgeted(_ input: URL) throws -> (files: Int, bytes: Int) {
        let plain = try Corpus.scratch("plain")
        defer { try? FileManager.default.removeItem(at: plain) }
        _ = try SiteBudgetTests.build(input, SiteConfig(), output: plain, cache: try Corpus.scratch("cache"))
        return OutputFolder(root: plain).filesAndBytes(except: [OutputLock.fileName])
    }

    /// The plan a budgeted build kept in `cache`, made to predict that the
    /// site's own settings fit: what a sample unlike the photos would say.
    static func makeSavedPlanWrong(in cache: URL) throws {
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: cache.path).first { $0.hasPrefix("budget-plan-") })
        let file = cache.appending(path: name)
        var saved = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        var plan = try #require(saved["plan"] as? [String: Any])
        #expect(!(plan["moves"] as? [Any] ?? []).isEmpty, "the budget needed moves")
        plan["moves"] = [Any]()
        saved["plan"] = plan
        try JSONSerialization.data(withJSONObject: saved).write(to: file)
    }

    /// The corpus library, with a site budget of 60 % of its unbudgeted site.
    static func budgetedLibrary() throws -> (input: URL, config: SiteConfig) {
        let input = try SiteBudgetTests.library()
        var config = SiteConfig()
        config.budgets.site = try unbudgeted(input).bytes * 6 / 10
        return (input, config)
    }

    /// Options of a build whose plan weighs the photos at `sampleScale` of what the sample says.
    static func options(_ input: URL, _ config: SiteConfig, output: URL, cache: URL, sampleScale: Double) throws -> BuildOptions {
        var options = try BuildOptions(input: input, output: output, config: config, jobs: 2, force: false, cacheFolder: cache)
        options.sampleScale = sampleScale
        return options
    }

    /// Every page's image files are in the site.
    static func pagesComplete(_ site: URL, pages: [String]) throws {
        for page in pages {
            let html = try String(contentsOf: site.appendingPathComponent(page), encoding: .utf8)
            let sources = html.matches(of: /_img\/[^" ,]+/).map { String($0.output) }
            #expect(!sources.isEmpty && sources.allSatisfy { FileManager.default.fileExists(atPath: site.appendingPathComponent("a/" + $0).path) }, "\(page)")
        }
    }

    @Test("a plan that under-predicts is caught: the images measure over, the site is planned and encoded again, and ends within the budget")
    func underPredicted() throws {
        let input = try SiteBudgetTests.library()
        let whole = try Self.unbudgeted(input)
        let budget = whole.bytes * 6 / 10
        try "budgets: { site: \(budget) B }\n".write(to: input.appendingPathComponent("imgsite.yml"), atomically: true, encoding: .utf8)
        let (output, cache) = (try Corpus.scratch("site"), try Corpus.scratch("cache"))
        let report = output.deletingLastPathComponent().appendingPathComponent("report-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: report) }
        let build = { () throws -> ImgsiteProcess.Run in
            try ImgsiteProcess.run(["build", input.path, "-o", output.path, "--report", report.path], environment: ["IMGSITE_CACHE_DIR": cache.path])
        }
        #expect(try build().status == 0)
        try Self.makeSavedPlanWrong(in: cache)

        let run = try build()
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        let lines = run.output.split(separator: "\n")
        // One line per image, though each was encoded twice.
        for photo in ["aqua", "garden", "ladybird", "string"] {
            #expect(lines.filter { $0.contains("a/") && $0.lowercased().contains("/\(photo).jpg") }.count == 1, "\(photo): \(run.output)")
        }
        let summary = try #require(lines.last { $0.hasPrefix("built 4, up to date 0, failed 0") })
        #expect(summary.contains(#/, encoded \d+ photos? again to fit \(the first pass came to /#), "\(summary)")
        let folder = OutputFolder(root: output).filesAndBytes(except: [OutputLock.fileName])
        #expect(folder.bytes <= budget, "\(folder.bytes) bytes against a budget of \(budget)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        let measured = try #require(json["budget"] as? [String: Any])
        #expect(measured["passes"] as? Int == 2 && (measured["built"] as? [String: Int])?["bytes"] == folder.bytes)
        #expect((measured["firstPass"] as? [String: Int])?["bytes"] ?? 0 > budget, "the first pass was over")
        try Self.pagesComplete(output, pages: ["aqua", "garden", "ladybird", "string"].map { "a/\($0).html" })

        // The plan it ended with is kept: the next build builds the same site, encoding nothing.
        let before = try FolderTree.read(output)
        let again = try build()
        #expect(again.status == 0 && again.output.contains("built 0, up to date 4, failed 0") && !again.output.contains("encoded twice"),
                "\(again.output)")
        #expect(FolderTree.differences(before, try FolderTree.read(output)).isEmpty)
    }

    @Test("every budget from the least the plan allows to the unbudgeted site builds within it, every photo shown")
    func sweep() throws {
        let input = try SiteBudgetTests.library()
        let whole = try Self.unbudgeted(input)
        var tiny = SiteConfig()
        tiny.budgets.site = 1_000
        let least: Int
        do {
            _ = try SiteBudgetTests.build(input, tiny, output: try Corpus.scratch("site"), cache: try Corpus.scratch("cache"))
            Issue.record("1 KB was built")
            return
        } catch let error as BuildError {
            let match = try #require(error.reason.firstMatch(of: /give at least ([0-9.]+) (KB|MB)/), "\(error)")
            least = Int(try #require(Double(match.output.1)) * (match.output.2 == "MB" ? 1e6 : 1e3))
        }
        let cache = try Corpus.scratch("cache")
        for step in 0..<8 {
            var config = SiteConfig()
            config.budgets.site = least + (whole.bytes - least) * step / 7
            let output = try Corpus.scratch("site")
            defer { try? FileManager.default.removeItem(at: output) }
            let summary = try SiteBudgetTests.build(input, config, output: output, cache: cache)
            let folder = OutputFolder(root: output).filesAndBytes(except: [OutputLock.fileName])
            #expect(summary.built + summary.upToDate == 4 && summary.failed.isEmpty)
            #expect(folder.bytes <= config.budgets.site!, "budget \(config.budgets.site!): \(folder.bytes) (\(summary.budget?.line ?? ""))")
            try Self.pagesComplete(output, pages: ["aqua", "garden", "ladybird", "string"].map { "a/\($0).html" })
        }
    }

    @Test("a sample that weighs the photos low: clean builds encode twice to fit, and a rebuild on a warm cache equals a clean build")
    func secondPassRebuild() throws {
        let (input, config) = try Self.budgetedLibrary()
        func build(_ output: URL, cache: URL) throws -> BuildSummary {
            try BuildPipeline(options: Self.options(input, config, output: output, cache: cache, sampleScale: 0.5)).run()
        }
        let (output, cache) = (try Corpus.scratch("site"), try Corpus.scratch("cache"))
        let first = try build(output, cache: cache)
        #expect(first.budget?.passes == 2, "\(first.budget?.line ?? "no budget")")
        // A photo added and one retouched: planned again, encoded twice again, from a warm cache.
        try Corpus.copy([Corpus.photo("nature/Wood.jpg")], into: input, album: "a")
        try FileManager.default.removeItem(at: input.appending(path: "a/Garden.jpg"))
        try FileManager.default.copyItem(at: Corpus.photo("nature/TwoWings.jpg"), to: input.appending(path: "a/Garden.jpg"))
        let again = try build(output, cache: cache)
        let clean = try Corpus.scratch("clean")
        let fresh = try build(clean, cache: try Corpus.scratch("clean-cache"))
        #expect(again.budget?.passes == 2 && fresh.budget?.passes == 2, "\(again.budget?.line ?? "") / \(fresh.budget?.line ?? "")")
        let differences = FolderTree.differences(try FolderTree.read(clean), try FolderTree.read(output))
        #expect(differences.isEmpty, "\(differences.prefix(5))")
        #expect(OutputFolder(root: output).filesAndBytes(except: [OutputLock.fileName]).bytes <= config.budgets.site!)
    }

    @Test("the second pass tightens the photos that save the most for one notch, and encodes only those again")
    func photoByPhoto() throws {
        let (input, config) = try Self.budgetedLibrary()
        let (output, cache) = (try Corpus.scratch("site"), try Corpus.scratch("cache"))
        // The plan errs a little low: a few photos make up the difference.
        let options = try Self.options(input, config, output: output, cache: cache, sampleScale: 0.85)
        let summary = try BuildPipeline(options: options).run()
        let report = try #require(summary.budget)
        #expect(report.passes == 2, "\(report.line)")
        #expect(OutputFolder(root: output).filesAndBytes(except: [OutputLock.fileName]).bytes <= config.budgets.site!)
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: cache.path).first { $0.hasPrefix("budget-plan-") })
        let saved = try JSONDecoder().decode(SavedPlanMoves.self, from: Data(contentsOf: cache.appending(path: name)))
        let tightened = Set(saved.plan.photoMoves.keys)
        // Which photos, and how many, is the predictor's call (3 of 4 with
        // apt's libvips, 4 with 8.18's codecs): `PhotoTighteningTests`.
        #expect(!tightened.isEmpty, "\(saved.plan.photoMoves)")
        #expect(report.gaveUp.contains { $0.setting.contains(" on ") && $0.effect.hasSuffix("(only these photos)") }, "\(report.line)")
        // Read again: only the photos tightened (the others' files came from the cache, their sources unopened).
        #expect(summary.sourcesRead == 4 + tightened.count, "\(summary.sourcesRead) sources read")
        try Self.pagesComplete(output, pages: ["aqua", "garden", "ladybird", "string"].map { "a/\($0).html" })

        // The plan kept says which photos were tightened: the next build makes the same site, encoding nothing.
        let before = try FolderTree.read(output)
        let again = try BuildPipeline(options: options).run()
        #expect(again.built == 0 && again.upToDate == 4 && again.budget?.passes == 1, "\(again.budget?.line ?? "")")
        #expect(FolderTree.differences(before, try FolderTree.read(output)).isEmpty)
    }

    @Test("a merge whose shards' images come over the budget takes none of them: exit 2 naming the least budget, the previous site kept")
    func mergeOverBudget() throws {
        let (input, config) = try Self.budgetedLibrary()
        let (output, cache) = (try Corpus.scratch("site"), try Corpus.scratch("cache"))
        try "<p>the site published before</p>\n".write(to: output.appending(path: "index.html"), atomically: true, encoding: .utf8)
        let before = try FolderTree.read(output)
        // Planned on a sample that weighs the photos at half: the shards, which cannot encode again, build far over.
        let folders = try (1...2).map { index in
            let folder = try Corpus.scratch("shard")
            var options = try Self.options(input, config, output: folder, cache: cache, sampleScale: 0.5)
            options.mode = .shard(Shard(index: index, count: 2)!)
            _ = try BuildPipeline(options: options).run()
            return folder
        }
        var options = try Self.options(input, config, output: output, cache: cache, sampleScale: 0.5)
        options.mode = .merge(folders)
        let error = try #require(throws: BuildError.self) { try BuildPipeline(options: options).run() }
        #expect(error.path == "--merge" && error.reason.hasPrefix("budgets.site: the shards' images and the pages come to "), "\(error)")
        #expect(error.reason.contains("build the shards with the merge's imgsite.yml, or give at least "), "\(error.reason)")
        #expect(error.step == .merge, "a build error: exit status 2")
        #expect(FolderTree.differences(before, try FolderTree.read(output)).isEmpty, "the previous site is untouched")
    }

    /// The part of a kept budget plan this suite reads.
    struct SavedPlanMoves: Decodable {
        struct Plan: Decodable { var photoMoves: [String: [BudgetMove]] }
        var plan: Plan
    }
}
