import Hummingbird
import ImgSiteCore
import ImgSiteMedia
import NIOCore

/// Gzips text responses (HTML, CSS, JavaScript, JSON, XML, SVG) for clients
/// that accept it, as static hosts do: an album page of 120 photos is
/// 247 KB of HTML and 11 KB gzipped, a quarter of a phone's first-view
/// budget otherwise. Images are already compressed; ranges and small
/// files are sent as they are.
struct GzipResponses: RouterMiddleware {
    typealias Context = BasicRequestContext
    /// Below this, gzip's 18-byte frame and the CPU are not worth it.
    static let minimumBytes = 860
    static let textTypes = ["text/", "application/json", "application/xml", "application/atom+xml", "application/manifest+json",
                            "application/javascript", "image/svg+xml"]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        // Not the live-reload event stream: gzip would hold its events back.
        guard let type = response.headers[.contentType], Self.textTypes.contains(where: { type.hasPrefix($0) }),
            !type.hasPrefix("text/event-stream")
        else { return response }
        // The answer depends on Accept-Encoding from here on, compressed or not: caches must know.
        response.headers[.vary] = "Accept-Encoding"
        guard Self.acceptsGzip(request.headers[.acceptEncoding]), request.headers[.range] == nil, response.status == .ok,
            response.headers[.contentEncoding] == nil, (response.body.contentLength ?? .max) >= Self.minimumBytes
        else { return response }
        response.headers[.contentEncoding] = "gzip"
        response.headers[.contentLength] = nil
        let body = response.body
        response.body = ResponseBody { writer in
            try await body.write(GzipBodyWriter(parent: writer, stream: try GzipStream(level: 6)))
        }
        return response
    }

    /// "gzip" among the codings, unless given q=0 (RFC 9110 §12.5.3).
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        return header.split(separator: ",").contains { item in
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard parts.first == "gzip" || parts.first == "*" else { return false }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return quality > 0
        }
    }
}

/// Passes each buffer through zlib on its way to `parent`.
struct GzipBodyWriter: ResponseBodyWriter {
    var parent: any ResponseBodyWriter
    let stream: GzipStream

    mutating func write(_ buffer: ByteBuffer) async throws {
        let compressed = try stream.compress(Array(buffer.readableBytesView), finish: false)
        if !compressed.isEmpty { try await parent.write(ByteBuffer(bytes: compressed)) }
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
        try await parent.write(ByteBuffer(bytes: try stream.compress([], finish: true)))
        try await parent.finish(trailingHeaders)
    }
}
