import ArgumentParser
import Foundation
import ImgSiteServer

/// `imgsite serve`: a built site over HTTP, for a look before publishing.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a built site over HTTP.",
        discussion: """
            Serves DIR as a static site: correct content types (AVIF, WebP, JPEG XL, SVG, \
            JSON, XML), ETag and Last-Modified, byte ranges, a year's caching for the \
            content-hashed images and revalidation for pages, and a 404 page. Nothing \
            outside DIR is served, through "..", encoded paths or symbolic links.

            Examples:
              imgsite serve                      # serves ./_site on http://127.0.0.1:8000/
              imgsite serve public --port 8080
            """
    )

    @Argument(help: "Folder of the built site.")
    var folder: String = "_site"

    @Option(help: "Port to listen on.")
    var port = 8000

    @Option(help: "Address to listen on (127.0.0.1: this machine only; 0.0.0.0: every network).")
    var host = "127.0.0.1"

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535, not \(port).") }
    }

    func run() async throws {
        do {
            let server = SiteServer(folder: try SiteFolder(URL(fileURLWithPath: folder)), host: host, port: port)
            if !Self.isLoopback(host) { Terminal.error("note: listening on \(host): other machines can see the site") }
            try await server.run(handlingSignals: true) { port in
                Terminal.error("serving \(folder) on http://\(host):\(port)/ (Ctrl-C stops)")
            }
        } catch let error as ServerError {
            Terminal.error("error: \(error)")
            throw ExitCode(2)
        }
    }

    static func isLoopback(_ host: String) -> Bool { host == "127.0.0.1" || host == "::1" || host == "localhost" }
}
