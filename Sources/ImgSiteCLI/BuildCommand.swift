import ArgumentParser
import Foundation
import ImgSiteCore
import ImgSiteMedia
import ImgSitePlanning

/// `imgsite build`: one build of the gallery.
struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the gallery site from a folder of photos.",
        discussion: """
            Only changed photos are processed again: a database in the cache folder records \
            each finished image as it finishes, so a build stopped at any moment resumes where \
            it stopped. Exits 1 if any image failed (see --fail-on); the rest of the site is \
            still built. Exits 2 if the build cannot start or run to its end, and 130 when \
            stopped by Ctrl-C (143 by SIGTERM), keeping what it finished. Under GitHub \
            Actions, failed images and warnings are also printed as annotations on their \
            files, and a summary of the build is added to the job's summary page.

            Examples:
              imgsite build ./photos
              imgsite build ./photos -o public --quiet
              imgsite build --config imgsite.yml --jobs 1 --verbose
              imgsite build ./photos --fail-on warning     # CI: a damaged photo fails the job
              imgsite build ./photos --archive site.tar.gz # and the site as one reproducible file
              imgsite build ./photos --report build.json   # what happened to each image, as JSON

            A library too large for one machine is built in shards, on a CI matrix or a \
            Kubernetes Indexed Job (examples in docs/ci/): each machine builds the \
            images that fall to it, then one merges their folders and writes the pages, \
            encoding nothing:
              imgsite build ./photos -o shard-2 --shard 2/4
              imgsite build ./photos -o _site --merge shard-1 shard-2 shard-3 shard-4
            """
    )

    @OptionGroup var site: SiteOptions

    @Flag(name: .long, help: "Rebuild every image, ignoring what earlier builds recorded.")
    var force = false

    @Flag(name: .long, help: "If another imgsite is writing to the output folder, wait for it instead of refusing.")
    var wait = false

    @Option(name: .customLong("fail-on"), help: "Exit 1 when an image fails (error), also when one has a warning (warning), or never.")
    var failOn: FailurePolicy = .error

    @Option(name: .long, help: "Write a JSON report: each image's status, outputs, bytes and time; the summary; the warnings.")
    var report: String?

    @Option(name: .long, help: "Also write the site as a deterministic .tar.gz (same site, same bytes: sorted entries, fixed times, no owner names).")
    var archive: String?

    @Option(name: .long, help: ArgumentHelp(
        "Build only shard i of n (1 ≤ i ≤ n): the images whose content falls to it, with a shard manifest and no pages.",
        valueName: "i/n"))
    var shard: String?

    @Option(name: .long, parsing: .upToNextOption, help: ArgumentHelp(
        "Write the site from the output folders of every shard (--shard), linking their files: nothing is re-encoded.",
        valueName: "shard-folder"))
    var merge: [String] = []

    @OptionGroup var printing: VerbosityOptions

    func validate() throws {
        if let shard, Shard(shard) == nil {
            throw ValidationError("--shard must be i/n with 1 ≤ i ≤ n, e.g. 2/4 (got '\(shard)'); a Kubernetes Indexed Job counts from 0: use $((JOB_COMPLETION_INDEX + 1))/n.")
        }
        if shard != nil && !merge.isEmpty { throw ValidationError("--shard and --merge cannot be used together: shards build, the merge publishes.") }
        if archive != nil && shard != nil { throw ValidationError("--archive needs the whole site: use it with the merge, not with --shard.") }
    }

    /// The build mode the options ask for.
    var mode: BuildMode {
        if let shard, let parsed = Shard(shard) { return .shard(parsed) }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        return merge.isEmpty ? .site : .merge(merge.map { URL(fileURLWithPath: $0, relativeTo: cwd).standardizedFileURL })
    }

    func run() throws {
        var options: BuildOptions
        do {
            options = try BuildOptions.resolve(
                input: site.input, output: site.output, configFile: site.config, jobs: site.jobs, force: force, cacheFolder: site.cacheDir)
            options.waitForLock = wait
            options.unseal = site.unseal
            options.mode = mode
        } catch {
            Terminal.error("error: \(error)")
            throw ExitCode(2)
        }
        let printer = ProgressPrinter(verbosity: printing.verbosity, output: site.output)
        Interruption.handle { _ in
            printer.clearLine()
            Terminal.error("stopped: what was finished is kept; the next build does the rest")
        }
        if printing.verbose { VersionReport.sayOffPaths() }
        let summary: BuildSummary
        let reporter = BuildReport()
        do {
            summary = try BuildPipeline(options: options) { event in
                printer.handle(event)
                reporter.record(event)
            }.run()
        } catch {
            printer.clearLine()
            Terminal.error("error: \(printing.verbose ? error.withStep : error.description)")
            // 1 is for images that failed while the rest was built; a build
            // that could not start or run to its end (a broken template,
            // another build holding the folder, a full disk) is 2.
            throw ExitCode(2)
        }
        if summary.built + summary.upToDate + summary.failed.count == 0 {
            Terminal.error("warning: no images found in \(site.input) (looked for \(Scanner.imageExtensions.sorted().joined(separator: ", ")))")
        }
        printer.finish(summary)
        if let report {
            do {
                try AtomicWriter.write(try reporter.json(summary: summary, site: options.output, input: options.input), to: URL(fileURLWithPath: report))
            } catch {
                Terminal.error("error: \(report): cannot be written: \(error.localizedDescription)")
                throw ExitCode(2)
            }
        }
        if let archive {
            do {
                try SiteArchive.write(site: options.output, to: URL(fileURLWithPath: archive))
            } catch {
                Terminal.error("error: \(error)")
                throw ExitCode(2)
            }
        }
        if GitHubAnnotations.enabled {
            for line in GitHubAnnotations.lines(for: summary, input: site.input) { Terminal.error(line) }
        }
        if let file = GitHubJobSummary.file {
            let text = GitHubJobSummary.markdown(summary, site: OutputFolder.published(options.output), output: site.output,
                                                 slowest: reporter.slowest(10))
            GitHubJobSummary.append(text, to: file)
        }
        let status = failOn.exitCode(for: summary)
        if status != 0 { throw ExitCode(status) }
    }
}
