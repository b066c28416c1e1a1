import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing

/// `budgets.site` and `budgets.files`: the plan on a predicted library,
/// and real builds that fit, tell what they gave up, or are refused.
@Suite(.tags(.slow)) struct SiteBudgetTests {
    /// `count` photos of 6000 × 4000 whose files cost what a 24 MP camera
    /// JPEG's measured (WebP 150 KB at 1,024 px, exponent 0.7).
    static func predictor(photos count: Int) -> SitePredictor {
        let webp = EncodeCurve(pixels: 1024 * 683, bytes: 150_000, exponent: 0.7)
        var jpeg = webp, dense = webp
        jpeg.bytes *= 1.4
        dense.bytes *= 0.55
        let photos = (0..<count).map { _ in BudgetPhoto(width: 6000, height: 4000, frames: 1, sourceBytes: 4_500_000, cost: 0) }
        return SitePredictor(
            photos: photos, costs: [["webp": webp, "jpeg": jpeg, "avif-dense": dense]], calibrated: (80, 80), layout: ThemeLayout(),
            pages: PageCount(albums: [0, count], hasFeed: false))
    }

    @Test("whole-site budgets read from imgsite.yml; bad ones name the key")
    func config() throws {
        let config = try SiteConfig.parse(yaml: "budgets: { site: 1 GB, files: 20000 }\n", file: "imgsite.yml")
        #expect(config.budgets.site == 1_000_000_000 && config.budgets.files == 20_000 && config.budgets.shapesSite)
        for (yaml, key) in [("budgets: { site: lots }\n", "budgets.site"), ("budgets: { files: 0 }\n", "budgets.files"),
                            ("budgets: { files: many }\n", "budgets.files")] {
            do {
                _ = try SiteConfig.parse(yaml: yaml, file: "imgsite.yml")
                Issue.record("\(yaml) was accepted")
            } catch {
                #expect(error.key == key)
            }
        }
    }

    @Test("a budget the site's own settings meet changes nothing")
    func roomy() throws {
        let predictor = Self.predictor(photos: 100)
        let plan = try SiteBudget(bytes: 10_000_000_000, files: 1_000_000).plan(SiteConfig(), predictor: predictor)
        #expect(plan.moves.isEmpty && plan.predicted == plan.unbudgeted)
        #expect(BudgetReport(budget: SiteBudget(bytes: 10_000_000_000, files: nil), plan: plan, site: SiteConfig()).gaveUp.isEmpty)
    }

    @Test("a tight byte budget is met by moves in their order, and the report names them")
    func bytes() throws {
        let predictor = Self.predictor(photos: 100)
        let unbudgeted = predictor.estimate(SiteConfig())
        for share in [0.6, 0.3, 0.1] {
            let budget = SiteBudget(bytes: Int(Double(unbudgeted.bytes) * share), files: nil)
            let plan = try budget.plan(SiteConfig(), predictor: predictor)
            #expect(Double(plan.predicted.bytes) <= Double(budget.bytes!) * SiteBudget.bytesMargin)
            #expect(plan.moves == BudgetMove.order.filter(plan.moves.contains), "moves in order: \(plan.moves)")
            #expect(plan.moves.first == .noDenseFiles)
            // The settings made are what the moves say, and are valid.
            let config = plan.config(from: SiteConfig())
            #expect(throws: Never.self) { try config.validate() }
            #expect(predictor.estimate(config) == plan.predicted)
            let report = BudgetReport(budget: budget, plan: plan, site: SiteConfig())
            #expect(report.gaveUp.map(\.setting).contains("dense_format false"))
            #expect(report.line.hasPrefix("budget \(Bytes.text(budget.bytes!)): planned ") && !report.line.contains("; "))
        }
        // Less room, a smaller site; and no move is kept that the fit does not need.
        let budgets = [unbudgeted.bytes * 6 / 10, unbudgeted.bytes / 10]
        let plans = try budgets.map { try SiteBudget(bytes: $0, files: nil).plan(SiteConfig(), predictor: predictor) }
        #expect(plans[1].predicted.bytes < plans[0].predicted.bytes)
        for (budget, plan) in zip(budgets, plans) {
            for move in plan.moves {
                let without = predictor.estimate(SiteBudget.config(SiteConfig(), moves: plan.moves.filter { $0 != move }))
                #expect(Double(without.bytes) > Double(budget) * SiteBudget.bytesMargin, "\(move) is not needed in \(plan.moves)")
            }
        }
    }

    @Test("a shard's plan leaves the room of the worst measured error: it cannot encode again")
    func shardMargin() throws {
        let predictor = Self.predictor(photos: 100)
        let unbudgeted = predictor.estimate(SiteConfig())
        for share in [0.6, 0.3] {
            let site = SiteBudget(bytes: Int(Double(unbudgeted.bytes) * share), files: nil)
            var shard = site
            shard.margin = SiteBudget.shardBytesMargin
            let (one, shared) = (try site.plan(SiteConfig(), predictor: predictor), try shard.plan(SiteConfig(), predictor: predictor))
            #expect(Double(shared.predicted.bytes) <= Double(site.bytes!) * SiteBudget.shardBytesMargin)
            #expect(shared.predicted.bytes <= one.predicted.bytes)
        }
        // Refused, it asks for what the shard's room needs.
        var tiny = SiteBudget(bytes: 1_000_000, files: nil)
        tiny.margin = SiteBudget.shardBytesMargin
        #expect(throws: BudgetRefusal.self) { try tiny.plan(SiteConfig(), predictor: predictor) }
    }

    @Test("a file budget never lowers quality: it widens steps, then fewer widths and formats")
    func files() throws {
        let predictor = Self.predictor(photos: 100)
        let unbudgeted = predictor.estimate(SiteConfig())
        for limit in [unbudgeted.files / 2, unbudgeted.files / 5, 300] {
            let plan = try SiteBudget(bytes: nil, files: limit).plan(SiteConfig(), predictor: predictor)
            #expect(plan.predicted.files <= limit)
            #expect(!plan.moves.contains { if case .quality = $0 { true } else { false } }, "\(plan.moves)")
        }
    }

    @Test("a budget no settings meet is refused, naming what the least would need")
    func refused() {
        let predictor = Self.predictor(photos: 100)
        do {
            _ = try SiteBudget(bytes: 1_000_000, files: nil).plan(SiteConfig(), predictor: predictor)
            Issue.record("1 MB for 100 photos was planned")
        } catch {
            #expect(error.key == "budgets.site")
            #expect(error.reason.hasPrefix("1.0 MB cannot hold 100 photos: even with one 480 px JPEG at quality 50 a photo the site comes to about "),
                    "\(error.reason)")
            #expect(error.reason.contains("(images ") && error.reason.contains(", pages ") && !error.reason.contains("originals"), "\(error.reason)")
            #expect(error.reason.contains("give at least"))
        }
        do {
            _ = try SiteBudget(bytes: nil, files: 150).plan(SiteConfig(), predictor: predictor)
            Issue.record("150 files for 100 photos was planned")
        } catch {
            // One file a photo, its page, the album pages, stylesheet, script and manifest.
            #expect(error.key == "budgets.files" && error.reason.hasSuffix("give at least \(100 + 100 + 2 + 3)"), "\(error.reason)")
        }
    }

    /// Four camera-sized photos of the corpus in album `a`.
    static func library() throws -> URL {
        let input = try Corpus.scratch("input")
        try Corpus.copy(["nature/Aqua.jpg", "nature/Garden.jpg", "nature/LadyBird.jpg", "large/string.jpg"].map(Corpus.photo), into: input, album: "a")
        return input
    }

    static func build(_ input: URL, _ config: SiteConfig, output: URL, cache: URL) throws -> BuildSummary {
        try BuildPipeline(options: BuildOptions(input: input, output: output, config: config, jobs: 2, force: false, cacheFolder: cache)).run()
    }

    @Test("a real build fits its budgets, shows every photo, and says what it gave up; a no-op build plans nothing again")
    func realBuild() throws {
        let input = try Self.library()
        let cache = try Corpus.scratch("cache")
        let plain = try Corpus.scratch("plain")
        _ = try Self.build(input, SiteConfig(), output: plain, cache: cache)
        let whole = OutputFolder(root: plain).filesAndBytes(except: [OutputLock.fileName])
        var config = SiteConfig()
        config.budgets.site = whole.bytes * 45 / 100
        config.budgets.files = whole.files / 2
        let output = try Corpus.scratch("site")
        let summary = try Self.build(input, config, output: output, cache: cache)
        #expect(summary.failed.isEmpty && summary.built == 4 && summary.warnings.isEmpty, "\(summary.warnings)")
        let fitted = OutputFolder(root: output).filesAndBytes(except: [OutputLock.fileName])
        #expect(fitted.bytes <= config.budgets.site! && fitted.files <= config.budgets.files!, "\(fitted) against \(whole)")
        let budget = try #require(summary.budget)
        #expect(!budget.gaveUp.isEmpty && budget.predictedBytes <= config.budgets.site!)
        // Every photo has its page, and the files the page names are there.
        for page in ["aqua", "garden", "ladybird", "string"].map({ "a/\($0).html" }) {
            let html = try String(contentsOf: output.appendingPathComponent(page), encoding: .utf8)
            let sources = html.matches(of: /_img\/[^" ,]+/).map { String($0.output) }
            #expect(!sources.isEmpty && sources.allSatisfy { FileManager.default.fileExists(atPath: output.appendingPathComponent("a/" + $0).path) }, "\(page)")
        }
        // Unchanged: the plan is taken from the cache; nothing is encoded, nothing read.
        let again = try Self.build(input, config, output: output, cache: cache)
        #expect(again.upToDate == 4 && again.sourcesRead == 0 && again.budget == summary.budget)
    }

    @Test("imgsite build: the summary line's bytes part and the report say what the budget planned, what was built, and what was given up")
    func commandLine() throws {
        let input = try Self.library()
        try "budgets: { files: 40 }\n".write(to: input.appendingPathComponent("imgsite.yml"), atomically: true, encoding: .utf8)
        let output = try Corpus.scratch("site")
        let report = output.deletingLastPathComponent().appendingPathComponent("report-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: report) }
        let run = try ImgsiteProcess.run(["build", input.path, "-o", output.path, "--report", report.path],
                                         environment: ["IMGSITE_CACHE_DIR": try Corpus.scratch("cache").path])
        #expect(run.status == 0, "\(run.output)")
        let summary = try #require(run.output.split(separator: "\n").last { $0.hasPrefix("built 4, up to date 0, failed 0; ") })
        let parts = summary.components(separatedBy: "; ")
        #expect(parts.count == 4 && parts[1].contains(" (budget 40 files: site ") && parts[1].contains(", to fit: ") && parts[3].hasPrefix("site in "),
                "\(summary)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        let budget = try #require(json["budget"] as? [String: Any])
        #expect(budget["files"] as? Int == 40 && budget["site"] == nil)
        let predicted = try #require(budget["predicted"] as? [String: Int])
        #expect(predicted["files"]! <= 40 && (budget["unbudgeted"] as? [String: Int])?["files"] ?? 0 > 40)
        let gaveUp = try #require(budget["gaveUp"] as? [[String: String]])
        #expect(!gaveUp.isEmpty && gaveUp.allSatisfy { $0["setting"] != nil && !($0["effect"] ?? "").isEmpty })
        // The line says what was given up in words, not as the settings' names (the report has both).
        #expect(gaveUp.allSatisfy { parts[1].contains($0["words"]!) && !parts[1].contains($0["setting"]!) }, "\(summary)")
        // The site as built, measured: the output folder's files and bytes, and the plan's error.
        let built = try #require(budget["built"] as? [String: Int])
        let folder = OutputFolder(root: output).filesAndBytes(except: [OutputLock.fileName])
        #expect(built["files"] == folder.files && built["bytes"] == folder.bytes, "\(built) against \(folder)")
        let error = try #require(budget["bytesError"] as? Double)
        #expect(abs(error - (Double(folder.bytes) / Double(try #require(predicted["bytes"])) - 1)) < 0.001)
        #expect(parts[1].contains(": site \(Bytes.text(folder.bytes)) in \(folder.files) files with its pages, planned "), "\(summary)")
    }

    @Test("a budget too small stops the build before any file is written, naming the key, and leaves no output folder")
    func realRefusal() throws {
        let input = try Self.library()
        var config = SiteConfig()
        config.budgets.site = 20_000
        let output = try Corpus.scratch("site").appending(path: "new")
        do {
            _ = try Self.build(input, config, output: output, cache: try Corpus.scratch("cache"))
            Issue.record("20 KB for 4 photos was built")
        } catch let error as BuildError {
            #expect(error.step == .settings && error.path == "imgsite.yml" && error.reason.hasPrefix("budgets.site: 20.0 KB cannot hold 4 photos"))
        }
        #expect(!FileManager.default.fileExists(atPath: output.path), "the refused build made no output folder")
        // An output folder that was there stays, as it was.
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        #expect(throws: BuildError.self) { try Self.build(input, config, output: output, cache: try Corpus.scratch("cache")) }
        #expect(FileManager.default.fileExists(atPath: output.path))
        #expect(OutputFolder(root: output).filesAndBytes(except: [OutputLock.fileName]).files == 0, "nothing written")
    }

    @Test("shards plan on the whole library: merged, they are the one-machine site")
    func shards() throws {
        let input = try Self.library()
        var config = SiteConfig()
        config.budgets.files = 60
        let single = try Corpus.scratch("single")
        _ = try Self.build(input, config, output: single, cache: try Corpus.scratch("cache"))
        var folders: [URL] = []
        for index in 1...2 {
            let folder = try Corpus.scratch("shard")
            var options = try BuildOptions(input: input, output: folder, config: config, jobs: 2, force: false, cacheFolder: try Corpus.scratch("cache"))
            options.mode = .shard(Shard(index: index, count: 2)!)
            _ = try BuildPipeline(options: options).run()
            folders.append(folder)
        }
        let merged = try Corpus.scratch("merged")
        var options = try BuildOptions(input: input, output: merged, config: config, jobs: 2, force: false, cacheFolder: try Corpus.scratch("cache"))
        options.mode = .merge(folders)
        _ = try BuildPipeline(options: options).run()
        let (a, b) = (try FolderTree.read(single), try FolderTree.read(merged))
        #expect(FolderTree.differences(a, b).isEmpty, "\(FolderTree.differences(a, b).prefix(5))")
    }
}
