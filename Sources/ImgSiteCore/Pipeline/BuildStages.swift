import Foundation
import ImgSiteMedia
import ImgSitePlanning
import Mustache
import Synchronization

/// What each step hands the next: `Scanned` → `Planned` → `Built` →
/// `Rendered`. Each holds the one before, so a step's inputs and outputs
/// are its signature and nothing can be read before it is made.

/// What the build database held when this build began, read beside the scan.
struct Recorded {
    /// What was finished in this folder, by source (empty under `--force`):
    /// taken once by the step that serves fresh images, then let go.
    let journal: JournalHold
    /// Earlier builds wrote files here.
    var wroteHereBefore = false
    /// The page digests the last build recorded, by path.
    var pageDigests: [String: String] = [:]
    /// The last build into this folder ran to its end.
    var previousBuildFinished = false
}

/// The journal's entries until the step that uses them takes them (a
/// 10,000-photo journal is megabytes, not needed past that step).
final class JournalHold: Sendable {
    private let entries: Mutex<[String: JournalEntry]>
    /// The sources it held, kept once the entries are taken.
    let sources: Set<String>

    init(_ entries: [String: JournalEntry]) {
        self.entries = Mutex(entries)
        sources = Set(entries.keys)
    }

    func take() -> [String: JournalEntry] {
        entries.withLock { entries in
            defer { entries = [:] }
            return entries
        }
    }
}

/// `scan`: the albums as planned, every photo in them, and what the
/// database recorded.
struct Scanned {
    let writer: SiteWriter
    var store: BuildStore { writer.store }
    var root: PlannedAlbum
    /// Every photo of the library, in site order.
    var allJobs: [ImageJob]
    var recorded: Recorded
}

/// `settings` then `plan`: the images this build makes and what each one's
/// files are made with.
struct Planned {
    var scanned: Scanned
    /// The images this build makes: every one, or a shard's.
    var jobs: [ImageJob]
    var settings: SettingsPlan
    /// Under `budgets.site` or `budgets.files`: the plan the settings come from.
    var budget: BudgetStage?
    /// The headers planning read, for the images to take.
    var headers = KnownHeaders()
}

/// What each image's files are made with: the site's settings, or under a
/// whole-site budget those its plan moved to, and each photo's own where
/// the plan tightened it further (`BudgetPlan.photoMoves`).
struct SettingsPlan: Sendable {
    var site: ImageSettings
    var photos: [String: ImageSettings] = [:]

    init(site: ImageSettings) {
        self.site = site
    }

    /// Settings as `plan` moves the site's `config` and tightens its photos.
    init(_ plan: BudgetPlan, config: SiteConfig, layout: ThemeLayout) {
        site = ImageSettings(config: plan.config(from: config), layout: layout)
        var made: [[BudgetMove]: ImageSettings] = [:]
        photos = plan.photoMoves.mapValues { moves in
            if let settings = made[moves] { return settings }
            let settings = ImageSettings(config: SiteBudget.config(config, moves: plan.moves + moves), layout: layout)
            made[moves] = settings
            return settings
        }
    }

    /// What `source`'s files are made with.
    func callAsFunction(_ source: String) -> ImageSettings {
        (photos[source] ?? site).marked(for: source)
    }
}

/// A whole-site budget's plan, carried to the ceiling.
struct BudgetStage {
    var plan: BudgetPlan
    /// What the plan was made from, when this build made it (not read
    /// back from the cache).
    var predictor: SitePredictor?
    /// Where the plan is kept, and under which key.
    var saved: (file: URL, key: BudgetPlanKey)
    /// False for a plan kept through a watch edit: it stays saved under
    /// the photos it was made for (`BuildOptions.keepsBudgetPlanThroughEdits`).
    var savesPlan = true
}

/// `process`, `merge`, then `ceiling`: every image as built, reused or failed.
struct Built {
    var planned: Planned
    var scanned: Scanned { planned.scanned }
    /// What became of each image, by source, in its last pass.
    var outcomes: [String: ImageOutcome] = [:]
    /// Every image that built or was reused, by source: enough to plan pages.
    var summaries: [String: ImageSummary] = [:]
    /// Source files opened and image files encoded, in every pass.
    var sourcesRead = 0
    var encodedFiles = 0
    /// Something in the output may differ from the last build's: an image
    /// was placed or failed, a source disappeared, a page changed.
    var outputsChanged = false
}

/// What became of one image in this build.
enum ImageOutcome {
    /// Up to date: the journal vouched for it, or a shard built it.
    case upToDate(warnings: [String])
    /// Made by `ImageBuilder`: decoded and encoded, or served from the cache.
    case made(Made)
    case failed(BuildError)

    /// What the summary counts of a made image: kept for every image to the
    /// end of the build, so not its record (10,000 of them weighed 8 MiB).
    struct Made {
        /// Decoded this build (else served from the cache).
        var decoded: Bool
        var warnings: [String]
        var isAnimation: Bool
        /// An HDR photo (`DynamicRange`), and whether its HDR files were made.
        var isHDR = false
        var publishedHDR = false
        var outputBytes: Int
        /// Its header, kept only under a whole-site budget (the ceiling may need it).
        var header: SourceHeader?
    }
}

/// `render` then `zips`: every page and asset of the site.
struct Rendered {
    var built: Built
    /// Every page and asset, relative to the output.
    var pages: [String] = []
    /// Of those, the pages no public list names, the folders whose files
    /// none names, and the sources whose photos none names
    /// (`PageMap.isUnlisted`, `hiddenFolders`, `unlistedSources`): hidden ones.
    var unlistedPages: Set<String> = []
    var unlistedFolders: [String] = []
    var unlistedSources: Set<String> = []

    /// Whether a public list may name `path`.
    func isListed(_ path: String) -> Bool {
        !unlistedPages.contains(path) && !unlistedFolders.contains { path.hasPrefix($0) }
    }
    /// Album pages with the sources their first view may show (only when
    /// a first-view budget is set).
    var firstViews: [FirstViewPage] = []
}

/// An album page and the sources its first view may show (`FirstView`).
struct FirstViewPage {
    var page: String
    var isRoot: Bool
    /// Its photos' rows beside a long story on wide screens.
    var story: Bool
    var sources: (hero: String?, cards: [String], photos: [String])
}

/// The templates in effect (built-in, overridden by the site's), the words
/// in the site's language, and a digest of both.
struct Theme {
    var library: MustacheLibrary
    var digest: String
    var words: Words
}

extension BuildSummary {
    /// Counts each image by its outcome, once its last pass is done.
    mutating func count(_ built: Built) {
        for job in built.planned.jobs {
            let source = job.source.relativePath
            switch built.outcomes[source] {
            case .upToDate(let own):
                upToDate += 1
                warnings += own.map { "\(source): \($0)" }
            case .made(let outcome):
                warnings += outcome.warnings.map { "\(source): \($0)" }
                guard outcome.decoded else {
                    upToDate += 1
                    continue
                }
                self.built += 1
                animations += outcome.isAnimation ? 1 : 0
                hdrPhotos += outcome.isHDR ? 1 : 0
                hdrPublishedSDR += outcome.isHDR && !outcome.publishedHDR ? 1 : 0
                videos += job.source.clip != nil ? 1 : 0
                bytesIn += job.source.byteCount
                bytesOut += outcome.outputBytes
            case .failed(let error): failed.append(error)
            case nil: break
            }
        }
        sourcesRead += built.sourcesRead
        encodedFiles += built.encodedFiles
    }
}

/// Headers read before the images are made (a whole-site budget reads
/// every one to plan), each taken once by the image it belongs to, so no
/// header is read twice in a build and none is kept past its image.
final class KnownHeaders: Sendable {
    private let headers: Mutex<[String: SourceHeader]>

    init(_ headers: [String: SourceHeader] = [:]) {
        self.headers = Mutex(headers)
    }

    /// `source`'s header, if it was read; it is let go.
    func take(_ source: String) -> SourceHeader? {
        headers.withLock { $0.removeValue(forKey: source) }
    }

    /// `source`'s header, if it was read, kept for its image.
    func peek(_ source: String) -> SourceHeader? {
        headers.withLock { $0[source] }
    }

    /// Keeps `header`, read for `source` before its image is made.
    func keep(_ header: SourceHeader, for source: String) {
        headers.withLock { $0[source] = header }
    }

    /// Lets go of those no image took (images the journal served).
    func release() {
        headers.withLock { $0 = [:] }
    }
}
