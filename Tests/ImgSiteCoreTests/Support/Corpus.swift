import Foundation
import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// Paths to the test corpus (Tests/Corpus, see its README) and a scratch folder per test.
enum Corpus {
    static let repoRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let root = repoRoot.appendingPathComponent("Tests/Corpus")
    static let photos = root.appendingPathComponent("photos")
    static let bad = root.appendingPathComponent("bad")

    static func photo(_ relative: String) -> URL { photos.appendingPathComponent(relative) }

    /// A fresh empty temporary folder, removed when the test process ends
    /// (kept with IMGSITE_KEEP_SCRATCH=1, to look at what a test wrote).
    static func scratch(_ name: String = #function) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("imgsite-tests-\(UUID().uuidString.prefix(8))-\(name.filter(\.isLetter))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        Scratch.register(url)
        return url
    }

    /// Copies corpus files (relative to photos/ or absolute) into `folder/album`.
    static func copy(_ files: [URL], into folder: URL, album: String) throws {
        let target = folder.appendingPathComponent(album)
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        for file in files {
            try FileManager.default.copyItem(at: file, to: target.appendingPathComponent(file.lastPathComponent))
        }
    }
}

/// A build of a folder into a scratch output, with its events.
struct TestBuild {
    let output: URL
    let summary: BuildSummary
    let manifest: Manifest
    let events: [String]

    /// `cache`: the build database's folder; by default one next to the
    /// output, so builds into the same output share it and tests never touch
    /// the user's own cache.
    /// `environment`: what the build reads passwords from (`private.password_env`).
    static func run(input: URL, config: SiteConfig = SiteConfig(), force: Bool = false, output: URL? = nil, cache: URL? = nil,
                    environment: [String: String] = [:], unseal: Bool = false) throws -> TestBuild {
        let output = try output ?? Corpus.scratch("site")
        let cache = cache ?? output.deletingLastPathComponent().appendingPathComponent(output.lastPathComponent + ".cache")
        Scratch.register(cache)
        var options = try BuildOptions(input: input, output: output, config: config, jobs: 2, force: force, cacheFolder: cache)
        (options.environment, options.unseal) = (environment, unseal)
        let log = EventLog()
        let summary = try BuildPipeline(options: options, observe: log.record).run()
        let manifest = try #require(Manifest.load(from: output))
        return TestBuild(output: output, summary: summary, manifest: manifest, events: log.lines)
    }

    func image(_ source: String) throws -> ProcessedImage {
        try #require(manifest.images.first { $0.source == source }, "no manifest entry for \(source)")
    }

    func url(_ variant: Variant) -> URL { output.appendingPathComponent(variant.path) }
}

final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    var lines: [String] { lock.withLock { stored } }

    func record(_ event: BuildEvent) {
        let line: String? = switch event {
        case .failed(let error): "failed \(error)"
        case .built(let image): "built \(image.source)" + image.warnings.map { " warning \($0)" }.joined()
        case let .upToDate(source, warnings): "fresh \(source)" + warnings.map { " warning \($0)" }.joined()
        default: nil
        }
        if let line { lock.withLock { stored.append(line) } }
    }
}
