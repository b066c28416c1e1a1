import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning

/// The rebuild promise as a model-based test: a library changes step by step
/// and is built each time into one output folder on one cache, in the ways
/// users build (`WalkStep.BuildWay`); after each step the folder (names and
/// bytes: images, pages, manifest) and its archive must equal a clean build of
/// the same library in a fresh folder and cache.
struct RebuildWalk {
    /// The first step whose build differs from the clean one, or stops
    /// with an error (a step list that replays it either way).
    struct Failure: Error, CustomStringConvertible {
        var steps: [WalkStep]
        var differences: [String]

        var description: String {
            "after \(steps.count) steps, \(differences.joined(separator: "; "))\n"
                + steps.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n")
        }
    }

    let library: URL
    let output: URL
    let cache: URL
    /// What the walk's builds are told beside the library (`WalkStep.Change.sampleScale`).
    private final class Told: @unchecked Sendable {
        var sampleScale = 1.0
        /// The steps whose build was refused: a budget or album key, or "unseal".
        var refusals: [Int: String] = [:]
        var steps = 0
    }
    private let told = Told()
    private let seedPhotos = ["formats/tiny-88x64.jpg": "a/first.jpg", "cameras/kodak-dc240.jpg": "a/second.jpg",
                              "formats/transparent.png": "b/alpha.png", "animated/1904-blob-dancing.gif": "b/blob.gif"]

    init() throws {
        library = try Corpus.scratch("walk-library")
        output = try Corpus.scratch("walk-site")
        cache = try Corpus.scratch("walk-cache")
        for (corpus, path) in seedPhotos { try Self.copy(corpus, to: library.appending(path: path)) }
        try build(.plain)
    }

    /// Draws and runs `count` steps from `seed`; throws the first failure.
    static func run(seed: UInt64, count: Int, log: (String) -> Void = { _ in }) throws {
        let walk = try RebuildWalk()
        var draw = WalkDraw(random: Mutator.Random(state: seed))
        var steps: [WalkStep] = []
        try walk.compare(steps)
        for index in 0..<count {
            let step = index < 4 ? draw.settingStep() : draw.step(photos: try walk.photos())
            steps.append(step)
            log("\(index + 1). \(step)")
            do {
                try walk.step(step, of: steps)
            } catch let failure as Failure {
                throw failure
            } catch {
                throw Failure(steps: steps, differences: ["a build stopped: \(error)"])
            }
        }
    }

    /// Plays `steps` on a fresh library, holding each build to a clean one
    /// (a walk written by hand); returns the refusals, by step from 1.
    @discardableResult
    static func play(_ steps: [WalkStep]) throws -> [Int: String] {
        let walk = try RebuildWalk()
        for index in steps.indices {
            do {
                try walk.step(steps[index], of: Array(steps[...index]))
            } catch let failure as Failure {
                throw failure
            } catch {
                throw Failure(steps: Array(steps[...index]), differences: ["a build stopped: \(error)"])
            }
        }
        return walk.told.refusals
    }

    /// Replays `steps` on a fresh library; throws if the last build differs.
    static func replay(_ steps: [WalkStep]) throws {
        let walk = try RebuildWalk()
        for step in steps.dropLast() { _ = try walk.applyRefusable(step) }
        if let last = steps.last { try walk.step(last, of: steps) } else { try walk.compare(steps) }
    }

    /// Applies `step` (the last of `steps`) and holds its site to a clean
    /// build's; a budget the library cannot meet must be refused by both.
    private func step(_ step: WalkStep, of steps: [WalkStep]) throws {
        if let key = try applyRefusable(step) {
            try compareRefusal(key, steps)
        } else {
            try compare(steps)
        }
    }

    /// Applies `step`; the budget key refused (`budgets.site`,
    /// `budgets.files`) when the library cannot meet it: the build stops
    /// before it writes, and the previous site stays.
    ///
    /// An album the last build sealed that the step would publish in plain
    /// (its key, its mark or its name changed) is refused with nothing
    /// written; then the walk builds with `--unseal`, as a photographer who
    /// meant it would, and holds that build to the clean one.
    func applyRefusable(_ step: WalkStep) throws -> String? {
        told.steps += 1
        let before = try FolderTree.read(output)
        do {
            try apply(step)
            return nil
        } catch where Self.refusedUnsealing(error) {
            let written = FolderTree.differences(before, try FolderTree.read(output))
            guard written.isEmpty else { throw WalkError("a build refused to publish a sealed album in plain, yet wrote: \(written.prefix(5))") }
            told.refusals[told.steps] = "unseal"
            try build(into: output, cache: cache, unseal: true)
            return nil
        } catch {
            guard let key = Self.refusedKey(error) else { throw error }
            told.refusals[told.steps] = key
            return key
        }
    }

    /// The key a refusal names: a budget's ("budgets.site: 600 KB cannot
    /// hold 6 photos …" from the build, or on a process's standard error),
    /// or `albums` for a key marking an album that names no folder.
    static func refusedKey(_ error: Error) -> String? {
        let text = "\(error)"
        if text.contains("names no folder in") { return "albums" }
        return ["budgets.site", "budgets.files"].first { text.contains($0 + ": ") }
    }

    /// A build stopped because it would publish in plain what the last one sealed (`UnsealCheck`).
    static func refusedUnsealing(_ error: Error) -> Bool {
        "\(error)".contains("sealed it as a private album") && "\(error)".contains("--unseal")
    }

    /// The shortest sublist of `steps` that still fails that this finds
    /// (delta debugging: chunks left out, halving, within `seconds`).
    static func shrink(_ steps: [WalkStep], seconds: Double) -> [WalkStep] {
        let deadline = Date().addingTimeInterval(seconds)
        var kept = steps
        var chunk = max(1, kept.count / 2)
        while chunk >= 1, Date() < deadline {
            var start = 0
            var removedAny = false
            while start < kept.count, Date() < deadline {
                let candidate = Array(kept[..<start] + kept[min(kept.count, start + chunk)...])
                if !candidate.isEmpty, (try? replay(candidate)) == nil {
                    kept = candidate
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if !removedAny { chunk /= 2 }
        }
        return kept
    }

    // MARK: One step

    func photos() throws -> [String] {
        let files = FileManager.default.enumerator(atPath: library.path)?.compactMap { $0 as? String } ?? []
        let kinds = Set(WalkDraw.pool.map { ($0 as NSString).pathExtension })
        return files.filter { kinds.contains(($0 as NSString).pathExtension) && !$0.hasPrefix("templates/") }.sorted()
    }

    func apply(_ step: WalkStep) throws {
        if case .watch = step.way { return try watch(applying: step.change) }
        if let change = step.change { try apply(change) }
        try build(step.way)
    }

    /// `imgsite watch` on the shared folder sees `change` made and rebuilds.
    private func watch(applying change: WalkStep.Change?) throws {
        let watch = try RunningProcess.imgsite(["watch", library.path, "-o", output.path, "--port", "0", "--cache-dir", cache.path, "--jobs", "2"],
                                               environment: ProcessInfo.processInfo.environment.merging(Self.passwords) { $1 })
        defer { watch.interrupt() }
        guard watch.port() != nil, watch.wait(until: { _, _ in watch.summaries.count == 1 }) else {
            throw WalkError("imgsite watch did not start: \(watch.standardError)")
        }
        guard let change else { return }
        try apply(change)
        // A change that altered nothing on disk (a setting set to its value)
        // makes no rebuild; one that did is rebuilt within seconds.
        _ = watch.wait(timeout: 8) { _, _ in watch.summaries.count >= 2 }
        var seen = watch.summaries.count
        while watch.wait(timeout: 1.5, until: { _, _ in watch.summaries.count > seen }) { seen = watch.summaries.count }
        // A budget the changed library cannot meet, an album key naming no folder, an album the last build
        // sealed now in plain: the rebuild said so, and wrote nothing.
        let said = WalkError(watch.standardError)
        if Self.refusedKey(said) != nil || Self.refusedUnsealing(said) { throw said }
    }

    private func apply(_ change: WalkStep.Change) throws {
        let files = FileManager.default
        func url(_ path: String) -> URL { library.appending(path: path) }
        switch change {
        case let .sampleScale(scale):
            told.sampleScale = scale ?? 1
        case let .setting(key, yaml):
            var settings = try readSettings()
            settings[key] = yaml
            let text = settings.keys.sorted().map { "\($0): \(settings[$0]!)\n" }.joined()
            try Data(text.utf8).write(to: url("imgsite.yml"))
        case let .add(corpus, path):
            guard !files.fileExists(atPath: url(path).path) else { return }
            try Self.copy(corpus, to: url(path))
        case let .delete(path):
            try? files.removeItem(at: url(path))
            try? files.removeItem(at: url(path + ".yml"))
        case let .move(path, to):
            guard files.fileExists(atPath: url(path).path), !files.fileExists(atPath: url(to).path) else { return }
            try files.createDirectory(at: url(to).deletingLastPathComponent(), withIntermediateDirectories: true)
            try files.moveItem(at: url(path), to: url(to))
            if files.fileExists(atPath: url(path + ".yml").path) { try files.moveItem(at: url(path + ".yml"), to: url(to + ".yml")) }
        case let .replace(path, corpus):
            guard files.fileExists(atPath: url(path).path) else { return }
            try Data(contentsOf: Corpus.photo(corpus)).write(to: url(path))
        case let .touch(path):
            guard files.fileExists(atPath: url(path).path) else { return }
            let later = try (files.attributesOfItem(atPath: url(path).path)[.modificationDate] as? Date ?? Date()).addingTimeInterval(61)
            try files.setAttributes([.modificationDate: later], ofItemAtPath: url(path).path)
        case let .sidecar(path, yaml):
            guard files.fileExists(atPath: url(path).path) else { return }
            if let yaml {
                try Data(yaml.utf8).write(to: url(path + ".yml"))
            } else {
                try? files.removeItem(at: url(path + ".yml"))
            }
        case let .template(line):
            let override = url("templates/photo.mustache")
            guard let line else {
                try? files.removeItem(at: override)
                return
            }
            let builtIn = try String(contentsOf: Corpus.repoRoot.appending(path: "templates/photo.mustache"), encoding: .utf8)
            try files.createDirectory(at: override.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((builtIn + line + "\n").utf8).write(to: override)
        case let .renameAlbum(album):
            let (plain, numbered) = (url(album), url("01-" + album))
            if files.fileExists(atPath: plain.path), !files.fileExists(atPath: numbered.path) {
                try files.moveItem(at: plain, to: numbered)
            } else if files.fileExists(atPath: numbered.path), !files.fileExists(atPath: plain.path) {
                try files.moveItem(at: numbered, to: plain)
            }
        case let .albumFile(album, yaml):
            let file = url(album).appending(path: "album.yml")
            guard let yaml else {
                try? files.removeItem(at: file)
                return
            }
            try files.createDirectory(at: url(album), withIntermediateDirectories: true)
            try Data((yaml + "\n").utf8).write(to: file)
        }
    }

    private func build(_ way: WalkStep.BuildWay) throws {
        switch way {
        case .plain: try build(into: output, cache: cache)
        case .force: try build(into: output, cache: cache, force: true)
        case let .jobs(count): try build(into: output, cache: cache, jobs: count)
        case let .shards(count): try buildSharded(count, into: output, cache: cache)
        case let .killed(point):
            let run = try ImgsiteProcess.run(
                ["build", library.path, "-o", output.path, "--jobs", "2"],
                environment: ["IMGSITE_CACHE_DIR": cache.path, "IMGSITE_KILL_AT": point].merging(Self.passwords) { $1 })
            // An album the last build sealed, now in plain: refused before anything is written, as in-process.
            if run.status == 2, Self.refusedUnsealing(WalkError(run.errors)) { throw WalkError(run.errors) }
            // A build with fewer images or pages than the point ends by itself.
            // The process weighs the budget's sample as measured, not at
            // `told.sampleScale`: a budget it refuses (before writing) the
            // plain build after it, weighing as told, decides.
            let refused = run.status == 2 && Self.refusedKey(WalkError(run.errors)) != nil
            guard run.killedBySignal || [0, 1].contains(run.status) || refused else { throw WalkError("killed build: \(run.status) \(run.errors)") }
            try build(into: output, cache: cache)
        case let .otherOutput(key, yaml):
            var config = try options(into: output, cache: cache).config
            let other = try Corpus.scratch("walk-other")
            let file = other.appending(path: "imgsite.yml")
            try Data("\(key): \(yaml)\n".utf8).write(to: file)
            let changed = try SiteConfig.load(from: file.path)
            config = Self.overlay(config, changed, key: key)
            var options = try BuildOptions(input: library, output: other.appending(path: "site"), config: config, jobs: 2, force: false, cacheFolder: cache)
            options.configFile = file
            options.environment.merge(Self.passwords) { $1 }
            do {
                _ = try BuildPipeline(options: options, observe: { _ in }).run()
            } catch {
                // Another site: that its budget is refused says nothing of this one.
                guard Self.refusedKey(error) != nil else { throw error }
            }
            try build(into: output, cache: cache)
        case .watch:
            try watch(applying: nil)
        }
    }

    /// `count` shards, each into a folder of its own, merged into `folder`.
    /// Their plans take the sample as measured: a shard cannot encode again,
    /// so a sample weighed at half makes a merge over a tight budget stop
    /// by design (`BudgetCeilingTests.mergeOverBudget`).
    private func buildSharded(_ count: Int, into folder: URL, cache: URL) throws {
        let folders = try (1...count).map { index in
            let shard = try Corpus.scratch("walk-shard")
            try build(into: shard, cache: cache, mode: .shard(Shard(index: index, count: count)!), sampleScale: 1)
            return shard
        }
        try build(into: folder, cache: cache, mode: .merge(folders), sampleScale: 1)
    }

    /// The walk's own build into `folder`: the library's imgsite.yml, 2 jobs unless told.
    @discardableResult
    private func build(into folder: URL, cache: URL, jobs: Int = 2, force: Bool = false, mode: BuildMode = .site,
                       sampleScale: Double? = nil, unseal: Bool = false) throws -> BuildSummary {
        var options = try options(into: folder, cache: cache, jobs: jobs, force: force)
        (options.mode, options.unseal) = (mode, unseal)
        options.sampleScale = sampleScale ?? told.sampleScale
        return try BuildPipeline(options: options, observe: { _ in }).run()
    }

    private func options(into folder: URL, cache: URL, jobs: Int = 2, force: Bool = false) throws -> BuildOptions {
        var options = try BuildOptions.resolve(input: library.path, output: folder.path, configFile: nil, jobs: jobs, force: force, cacheFolder: cache.path)
        options.sampleScale = told.sampleScale
        options.environment.merge(Self.passwords) { $1 }
        return options
    }

    /// The private albums' password, for the walk's builds and processes.
    static let passwords = ["WALK_PASSWORD": "walk the dog"]

    /// The clean build the walk's last is held to. Sharded, a clean sharded
    /// build: under a byte budget the shared plan leaves a shard's room
    /// (`SiteBudget.shardBytesMargin`). `imgsite watch` is a process of its
    /// own: its plans take the sample as measured.
    private func cleanBuild(after steps: [WalkStep], into clean: URL, cache cleanCache: URL) throws {
        switch steps.last?.way {
        case .shards(let count)?: try buildSharded(count, into: clean, cache: cleanCache)
        case .watch?: try build(into: clean, cache: cleanCache, sampleScale: 1)
        default: try build(into: clean, cache: cleanCache)
        }
    }

    /// A clean build refuses the budget `key` as the walk's did.
    private func compareRefusal(_ key: String, _ steps: [WalkStep]) throws {
        let (clean, cleanCache) = (try Corpus.scratch("walk-clean"), try Corpus.scratch("walk-clean-cache"))
        defer {
            try? FileManager.default.removeItem(at: clean)
            try? FileManager.default.removeItem(at: cleanCache)
        }
        do {
            try cleanBuild(after: steps, into: clean, cache: cleanCache)
        } catch {
            guard Self.refusedKey(error) != key else { return }
            throw Failure(steps: steps, differences: ["the rebuild refused \(key); a clean build stopped otherwise: \(error)"])
        }
        throw Failure(steps: steps, differences: ["the rebuild refused \(key); a clean build did not"])
    }

    /// The walk's folder and its archive against a clean build's.
    func compare(_ steps: [WalkStep]) throws {
        let clean = try Corpus.scratch("walk-clean")
        let cleanCache = try Corpus.scratch("walk-clean-cache")
        try cleanBuild(after: steps, into: clean, cache: cleanCache)
        let (cleanFiles, walkFiles) = (try FolderTree.read(clean), try FolderTree.read(output))
        // A sealed file's bytes start with its own random salt: held to the clean build's by name (the key's
        // HMAC of its path, which holds its content's hash) and size; the archives then differ by design.
        let sealed = { (files: [String: Data]) in files.filter { $0.key.contains("/_sealed/") }.mapValues { Data(count: $0.count) } }
        let plain = { (files: [String: Data]) in files.filter { !$0.key.contains("/_sealed/") } }
        var differences = FolderTree.differences(plain(cleanFiles), plain(walkFiles)) + FolderTree.differences(sealed(cleanFiles), sealed(walkFiles))
        if sealed(cleanFiles).isEmpty {
            let archives = try [clean, output].map { folder in
                let file = try Corpus.scratch("walk-archive").appending(path: "site.tar.gz")
                try SiteArchive.write(site: folder, to: file)
                return try Data(contentsOf: file)
            }
            if archives[0] != archives[1] { differences.append("the archives differ") }
        }
        try? FileManager.default.removeItem(at: clean)
        try? FileManager.default.removeItem(at: cleanCache)
        if !differences.isEmpty { throw Failure(steps: steps, differences: ["the rebuild differs from a clean build: " + differences.prefix(6).joined(separator: "; ")]) }
    }

    // MARK: Helpers

    private func readSettings() throws -> [String: String] {
        guard let text = try? String(contentsOf: library.appending(path: "imgsite.yml"), encoding: .utf8) else { return [:] }
        var settings: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            settings[String(line[..<colon])] = String(line[line.index(after: colon)...].dropFirst())
        }
        return settings
    }

    /// `base` with `key` as `changed` has it (the other output's settings).
    private static func overlay(_ base: SiteConfig, _ changed: SiteConfig, key: String) -> SiteConfig {
        var config = base
        switch key {
        case "formats": config.formats = changed.formats
        case "jpeg": config.jpeg = changed.jpeg
        case "webp": config.webp = changed.webp
        case "avif": config.avif = changed.avif
        case "dense_format": config.denseFormat = changed.denseFormat
        default: config = changed
        }
        return config
    }

    private static func copy(_ corpus: String, to file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Corpus.photo(corpus), to: file)
    }
}

struct WalkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
