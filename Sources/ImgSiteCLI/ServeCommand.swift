import ArgumentParser
import Foundation
import ImgSiteCore
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

    @OptionGroup var listen: ListenOptions

    func run() async throws {
        do {
            let server = SiteServer(folder: try SiteFolder(URL(fileURLWithPath: folder)), host: listen.host, port: listen.port)
            listen.noteIfVisible()
            Interruption.handle { _ in Terminal.error("stopped") }
            let site = URL(fileURLWithPath: folder)
            try await server.run { [host = listen.host] port in
                let urls = ServedAddresses.urls(host: host, port: port)
                Terminal.error("serving \(folder) on \(urls.joined(separator: ", ")) (Ctrl-C stops)")
                for line in ServedAddresses.lines(site: site, urls: urls) { Terminal.error(line) }
            }
        } catch let error as ServerError {
            Terminal.error("error: \(error)")
            throw ExitCode(2)
        }
    }
}
