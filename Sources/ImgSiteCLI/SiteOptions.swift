import ArgumentParser
import ImgSiteCore

/// What `build` and `watch` share: where the photos are, where the site
/// goes, the config, the workers and the cache.
struct SiteOptions: ParsableArguments {
    @Argument(help: "Folder of photos; each sub-folder is an album.")
    var input: String = "."

    @Option(name: .shortAndLong, help: "Output folder (created if missing). Must not hold the input.")
    var output: String = "_site"

    @Option(name: .long, help: "Config file (default: imgsite.yml in the input folder, if present).")
    var config: String?

    @Option(name: .long, help: "Images processed at once (default: \(BuildOptions.defaultJobsText), so one computes while another waits on file writes).")
    var jobs: Int?

    @Option(name: .customLong("cache-dir"), help: "Folder of the build database and encoded images (default: $IMGSITE_CACHE_DIR, else $XDG_CACHE_HOME/imgsite, else ~/.cache/imgsite).")
    var cacheDir: String?

    @Flag(name: .long, help: "Publish in plain an album that the last build into the output folder sealed as private (its key removed, its folder renamed): without this flag such a build stops and writes nothing.")
    var unseal = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, not \(jobs).") }
    }
}

/// How much `build` and `watch` print of each build.
struct VerbosityOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Print only errors, warnings and the summary.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Also print up-to-date images and each step.")
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose cannot be used together.") }
    }

    var verbosity: ProgressPrinter.Verbosity { quiet ? .quiet : verbose ? .verbose : .normal }
}

/// Where `serve` and `watch` listen: loopback unless told otherwise.
struct ListenOptions: ParsableArguments {
    @Option(help: "Port to listen on (0: any free port).")
    var port = 8000

    @Option(help: "Address to listen on (127.0.0.1: this machine only; 0.0.0.0: every network).")
    var host = "127.0.0.1"

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535, not \(port).") }
    }

    var isLoopback: Bool { host == "127.0.0.1" || host == "::1" || host == "localhost" }

    /// Says so when other machines can reach the server.
    func noteIfVisible() {
        if !isLoopback { Terminal.error("note: listening on \(host): other machines can see the site") }
    }
}
