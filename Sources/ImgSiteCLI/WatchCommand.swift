import ArgumentParser
import Foundation
import ImgSiteCore
import ImgSiteMedia
import ImgSiteServer

/// `imgsite watch`: build, serve, rebuild on change, reload open pages.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Build the site, serve it, and rebuild it as you edit.",
        discussion: """
            Builds once, then serves the output on http://127.0.0.1:8000/ and watches the \
            photos, the templates and the config file. Each burst of changes leads to one \
            incremental rebuild; open pages reload by themselves (a small script added to \
            the pages served, never to the built files). A failed rebuild is shown in the \
            terminal and over the page, and the last good site stays served. The output \
            folder is locked while watching.

            Examples:
              imgsite watch ./photos
              imgsite watch ./photos -o public --port 8080
            """
    )

    @OptionGroup var site: SiteOptions

    @OptionGroup var listen: ListenOptions

    @OptionGroup var printing: VerbosityOptions

    func run() async throws {
        let (input, output, config, jobs, cacheDir, unseal) = (site.input, site.output, site.config, site.jobs, site.cacheDir, site.unseal)
        let verbosity = printing.verbosity
        let session = WatchSession(
            resolve: { () throws(BuildError) -> BuildOptions in
                var options = try BuildOptions.resolve(input: input, output: output, configFile: config, jobs: jobs, force: false, cacheFolder: cacheDir)
                options.unseal = unseal
                return options
            },
            host: listen.host, port: listen.port,
            // Each build is printed as `imgsite build` prints it: progress on
            // a terminal, the same image lines and summary.
            reporter: {
                let printer = ProgressPrinter(verbosity: verbosity, output: output)
                return BuildReporter(observe: printer.handle, finish: printer.finish, abandon: printer.clearLine)
            },
            say: { Terminal.error(Terminal.endingProgressLine + $0) })
        listen.noteIfVisible()
        do {
            try await session.run()
        } catch let error as BuildError {
            Terminal.error("error: \(error)")
            throw ExitCode(2)
        } catch let error as ServerError {
            Terminal.error("error: \(error)")
            throw ExitCode(2)
        }
    }
}
