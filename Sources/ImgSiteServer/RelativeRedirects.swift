import Foundation
import Hummingbird

/// A folder asked for without its slash (`/trip`) is redirected to it with a
/// relative `Location` (`trip/`) rather than Hummingbird's absolute
/// `/trip/`: behind a proxy that serves the site under a sub-path
/// (`/photos/trip`), the absolute one would leave the site.
struct RelativeRedirects: RouterMiddleware {
    typealias Context = BasicRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        guard (300..<400).contains(response.status.code), let location = response.headers[.location] else { return response }
        response.headers[.location] = Self.relative(location)
        return response
    }

    /// `/a/trip/` → `trip/`: the folder, from the folder that holds it.
    static func relative(_ location: String) -> String {
        guard location.hasPrefix("/"), location.hasSuffix("/"), let name = location.split(separator: "/").last else { return location }
        let decoded = name.removingPercentEncoding ?? String(name)
        return (decoded.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/", ":"])) ?? String(name)) + "/"
    }
}
