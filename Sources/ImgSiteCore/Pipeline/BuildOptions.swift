import Foundation
import ImgSiteMedia
import ImgSitePlanning

/// Everything one build needs, fixed before it starts.
public struct BuildOptions: Sendable {
    public var input: URL
    public var output: URL
    public var config: SiteConfig
    /// Images processed at once.
    public var jobs: Int
    /// Rebuild every image even when the manifest says it is up to date.
    public var force: Bool
    /// When another imgsite holds the output folder: wait for it (true) or
    /// refuse at once (false, the default).
    public var waitForLock = false
    /// Where the build database lives (`CacheFolder.default` unless set).
    public var cacheFolder: URL
    /// The config file read, if any (`imgsite watch` watches it).
    public var configFile: URL?
    public var layout = ThemeLayout()
    /// The whole site (default), one shard of it, or a merge of shards.
    public var mode = BuildMode.site
    /// Publish in plain an album the last build into this output folder
    /// sealed (`--unseal`); without it such a build stops (`UnsealCheck`).
    public var unseal = false
    /// `imgsite watch`'s rebuilds: a whole-site budget's plan is kept through
    /// an edit while the site still fits it (`BudgetPlanKey.keeps`), so an
    /// edit costs its own photos, not the site's; a `build` plans as a clean build.
    public var keepsBudgetPlanThroughEdits = false
    /// Where private albums' passwords are read (`private.password_env`).
    public var environment = ProcessInfo.processInfo.environment
    /// What a budget's sample says the images weigh, over what it measured
    /// (1: as measured). For the tests: below 1, a plan errs low as on photos
    /// unlike the sample, so the build measures over and encodes again.
    var sampleScale = 1.0

    /// Refuses what the pipeline cannot run: fewer than one job, or a config
    /// that does not validate.
    public init(
        input: URL, output: URL, config: SiteConfig, jobs: Int, force: Bool, cacheFolder: URL = CacheFolder.default, configFile: URL? = nil
    ) throws(BuildError) {
        try stamping(.options) { () throws(BuildError) in
            guard jobs >= 1 else { throw BuildError(path: "jobs", "must be at least 1, not \(jobs)") }
            do throws(ConfigError) {
                try config.validate()
            } catch {
                throw BuildError(path: error.location, error.detail)
            }
        }
        self.input = input.standardizedFileURL
        self.output = output.standardizedFileURL
        var config = config
        // Keys to folders first: the watermarks, excludes and private albums they carry follow.
        let fileName = configFile?.lastPathComponent ?? "imgsite.yml"
        try stamping(.options) { () throws(BuildError) in
            config.albums = try AlbumFolders.resolve(config.albums, in: input.standardizedFileURL, configFile: fileName)
            try config.resolveWatermarks(in: input.standardizedFileURL)
        }
        self.config = config
        self.jobs = jobs
        self.force = force
        self.cacheFolder = cacheFolder.standardizedFileURL
        self.configFile = configFile
    }

    /// The site's template folder: `templates:` from the config, else
    /// `templates/` in the input folder (used only if it exists).
    public var templatesFolder: URL {
        input.appending(path: config.templates ?? "templates").standardizedFileURL
    }

    /// Reads the config (`--config`, else `imgsite.yml` in the input folder,
    /// else defaults) and checks the folders.
    public static func resolve(
        input: String, output: String, configFile: String?, jobs: Int?, force: Bool, cacheFolder: String? = nil
    ) throws(BuildError) -> BuildOptions {
        try stamping(.options) { () throws(BuildError) in
            try resolved(input: input, output: output, configFile: configFile, jobs: jobs, force: force, cacheFolder: cacheFolder)
        }
    }

    private static func resolved(
        input: String, output: String, configFile: String?, jobs: Int?, force: Bool, cacheFolder: String?
    ) throws(BuildError) -> BuildOptions {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let inputURL = URL(fileURLWithPath: input, relativeTo: cwd).standardizedFileURL
        let outputURL = URL(fileURLWithPath: output, relativeTo: cwd).standardizedFileURL
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: inputURL.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw BuildError(path: input, "is not a folder (give the folder of photos to build)")
        }
        let inputPath = inputURL.resolvingSymlinksInPath().path
        let outputPath = outputURL.resolvingSymlinksInPath().path
        if outputPath == inputPath || inputPath.hasPrefix(outputPath + "/") {
            throw BuildError(path: output, "cannot be the output folder: it holds the input folder \(input), which a rebuild would delete from")
        }
        let defaultConfig = inputURL.appending(path: "imgsite.yml").path
        let configPath = configFile.map { URL(fileURLWithPath: $0, relativeTo: cwd).path }
            ?? (FileManager.default.fileExists(atPath: defaultConfig) ? defaultConfig : nil)
        var config = SiteConfig()
        if let configPath {
            do {
                config = try SiteConfig.load(from: configPath)
            } catch {
                throw BuildError(path: error.location, error.detail)
            }
        }
        let cache = cacheFolder.map { URL(fileURLWithPath: $0, relativeTo: cwd) } ?? CacheFolder.default
        return try BuildOptions(input: inputURL, output: outputURL, config: config, jobs: jobs ?? Self.defaultJobs, force: force,
                                cacheFolder: cache, configFile: configPath.map { URL(fileURLWithPath: $0) })
    }

    /// One image more than cores: while one waits on libvips' hand-offs
    /// and on file writes, another computes (make bench-peers: 0.85 s →
    /// 0.81 s wall on 2 cores; 4 jobs measured the same as 3).
    public static var defaultJobs: Int { ProcessInfo.processInfo.activeProcessorCount + 1 }

    /// The default of `--jobs`, in the words `--help` and the docs use.
    public static let defaultJobsText = "CPU cores + 1"

}
