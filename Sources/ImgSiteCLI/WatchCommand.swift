import ArgumentParser
import Foundation
import ImgSiteCore
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

    @Argument(help: "Folder of photos; each sub-folder is an album.")
    var input: String = "."

    @Option(name: .shortAndLong, help: "Output folder (created if missing). Must not hold the input.")
    var output: String = "_site"

    @Option(name: .long, help: "Config file (default: imgsite.yml in the input folder, if present).")
    var config: String?

    @Option(name: .long, help: "Images processed at once (default: the number of CPU cores).")
    var jobs: Int?

    @Option(name: .customLong("cache-dir"), help: "Folder of the build database (default: see imgsite build --help).")
    var cacheDir: String?

    @Option(help: "Port to listen on.")
    var port = 8000

    @Option(help: "Address to listen on (127.0.0.1: this machine only).")
    var host = "127.0.0.1"

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, not \(jobs).") }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535, not \(port).") }
    }

    func run() async throws {
        let (input, output, config, jobs, cacheDir) = (input, output, config, jobs, cacheDir)
        let session = WatchSession(
            resolve: { () throws(BuildError) -> BuildOptions in
                try BuildOptions.resolve(input: input, output: output, configFile: config, jobs: jobs, force: false, cacheFolder: cacheDir)
            },
            host: host, port: port,
            observe: { event in
                if let (status, text) = ImageLine.line(for: event), status == .failed || status == .warning {
                    Terminal.write(text + "\n", toError: false)
                }
            },
            say: { Terminal.error($0) })
        if !ServeCommand.isLoopback(host) { Terminal.error("note: listening on \(host): other machines can see the site") }
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
