import ImgSiteMedia
import ImgSitePlanning

/// What a running build tells its observer (the CLI's progress line).
public enum BuildEvent: Sendable {
    /// Processing starts: `total` images, `fresh` of them up to date.
    case started(total: Int, fresh: Int)
    /// The work each image to make is (`WorkEstimate`: pixels × frames), by
    /// source path, told once before they are made: the ETA counts work, not items.
    case work([String: Double])
    /// An image is being decoded and encoded now.
    case processing(String)
    /// A clip being decoded and encoded is this far through, in percent
    /// (said every 5 %): minutes of work show as they go.
    case encoding(String, percent: Int)
    /// An image finished: built (with warnings, if any), or failed.
    indirect case built(ProcessedImage)
    /// An image that needed no encoding (from the journal or the cache), by
    /// source path, with the warnings it keeps (a damaged file built anyway,
    /// a broken sidecar): each build that keeps it names them again.
    case upToDate(String, warnings: [String])
    case failed(BuildError)
    /// An image whose line was already told, encoded again with tighter
    /// settings to hold the site to its budget (`budgets.site`): no new line.
    case encodedAgain(String)
    /// A warning about the site rather than one image: a template, a page
    /// or file over a budget (`budgets:`), an `albums:` entry that names no
    /// album. Its path and why; its own status word and count (`site warning`),
    /// so image lines add up to the image counts.
    case siteWarning(path: String, reason: String)
    /// What this machine cannot do that the settings ask for, where a
    /// fallback stands in (a GIF without a GIF saver): said once a build,
    /// counted nowhere, so `--fail-on warning` does not stop on a default.
    case note(String)
    /// A file in the input that is not published (`SkippedFile`): said
    /// under `--verbose`, counted on the summary line.
    case skipped(path: String, reason: String)
    /// A step of the pipeline begins (scan, plan, process, render…).
    case step(String)
    /// Another imgsite holds the output folder; this build waits for it.
    case waiting(holder: String)
}

/// The outcome of one build.
public struct BuildSummary: Sendable {
    public var built = 0
    /// Of those built, the animations (GIF, animated WebP, APNG).
    public var animations = 0
    /// Of those built, the video clips.
    public var videos = 0
    /// Of those built, the HDR photos (`DynamicRange`), and of them those
    /// published SDR alone (`hdr: sdr`, or a libvips that cannot write gain maps).
    public var hdrPhotos = 0
    public var hdrPublishedSDR = 0
    public var upToDate = 0
    public var failed: [BuildError] = []
    /// Images' own warnings ("path: reason"): damaged files built anyway, broken sidecars.
    public var warnings: [String] = []
    /// Warnings about the site, not one image (`BuildEvent.siteWarning`), "path: reason".
    public var siteWarnings: [String] = []
    /// What this machine cannot do that the settings ask for (`BuildEvent.note`).
    public var notes: [String] = []
    /// Bytes of the sources processed and of the variants written for them.
    public var bytesIn = 0
    public var bytesOut = 0
    /// Pages rendered because an input changed (0 when nothing changed).
    public var pagesRendered = 0
    /// Rendered pages whose bytes differed from the file there, and were written.
    public var pagesWritten = 0
    /// Source files opened, to hash or decode (0 for a no-op build).
    public var sourcesRead = 0
    /// Image files encoded (0 when everything came from the cache).
    public var encodedFiles = 0
    public var removed = 0
    /// Files in the input that are not published: RAW files, other files.
    public var skipped: [SkippedFile] = []
    public var seconds = 0.0
    /// Under `budgets.site` or `budgets.files`: what was planned and given up.
    public var budget: BudgetReport?
    /// Where each private album is published: said by every build, since
    /// its address is found only through its link (the password is the secret, not the address).
    public var privateAlbums: [PrivateAlbumAddress] = []

    public var succeeded: Bool { failed.isEmpty }
}

/// A private album's input folder and where its unlock page is.
public struct PrivateAlbumAddress: Sendable, Equatable {
    /// Relative to the input ("trips/family").
    public var folder: String
    /// Relative to the site ("trips/p-2gqknswfhs/").
    public var address: String
    /// The full address under `base_url`, when the site has one.
    public var url: String?

    /// "private trips/family → https://example.com/trips/p-2gqknswfhs/": the line every build prints.
    public var line: String { "private \(folder) → \(url ?? address)" }
}
