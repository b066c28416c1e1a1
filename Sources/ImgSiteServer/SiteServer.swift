import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// Serves a built site over HTTP (`imgsite serve`, and `imgsite watch`
/// with `liveReload`): the right content types (AVIF, WebP, JPEG XL, SVG,
/// JSON, XML…), ETag, Last-Modified and ranges (Hummingbird's file
/// middleware), a year's immutable caching for content-hashed variants and
/// revalidation for everything else, a 404 page, gzip for text, and no way
/// out of the folder.
public struct SiteServer: Sendable {
    public let folder: SiteFolder
    public let host: String
    public let port: Int
    /// Watch mode: pages get the reload script, and `/_imgsite/events` streams events.
    public let liveReload: LiveReload?

    public init(folder: SiteFolder, host: String = "127.0.0.1", port: Int = 8000, liveReload: LiveReload? = nil) {
        self.folder = folder
        self.host = host
        self.port = port
        self.liveReload = liveReload
    }

    static let mediaTypes: [String: MediaType] = [
        "avif": MediaType(type: .image, subType: "avif"), "jxl": MediaType(type: .image, subType: "jxl"),
        "webp": MediaType(type: .image, subType: "webp"), "svg": MediaType(type: .image, subType: "svg+xml"),
        "json": MediaType(type: .application, subType: "json"), "xml": MediaType(type: .application, subType: "xml"),
        "atom": MediaType(type: .application, subType: "atom+xml"), "webmanifest": MediaType(type: .application, subType: "manifest+json"),
    ]

    func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: GzipResponses())
        router.add(middleware: NotFoundPage(folder: folder, liveReload: liveReload != nil))
        router.add(middleware: CacheHeaders())
        router.add(middleware: RelativeRedirects())
        router.add(middleware: FileMiddleware(fileProvider: SiteFileProvider(folder: folder), searchForIndexHtml: true)
            .withAdditionalMediaTypes(forFileExtensions: Self.mediaTypes))
        if let liveReload {
            router.get("/_imgsite/events") { _, _ in await Self.events(liveReload) }
            let page = { @Sendable (request: Request, _: BasicRequestContext) async throws -> Response in
                try Self.pageWithScript(request, folder: folder)
            }
            router.get("/", use: page)
            router.get("**", use: page)
        }
        return router
    }

    /// Runs until cancelled (the commands end the process on SIGINT and
    /// SIGTERM: `Interruption`); `onReady` gets the port (useful with port 0).
    public func run(onReady: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let app = Application(
            router: router(),
            configuration: .init(address: .hostname(host, port: port), serverName: "imgsite"),
            onServerRunning: { channel in await onReady(channel.localAddress?.port ?? 0) },
            logger: Self.quietLogger)
        do {
            try await app.run()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw ServerError("\(host):\(port) is in use; choose another with --port")
        }
        await liveReload?.close()
    }

    static var quietLogger: Logger {
        var logger = Logger(label: "imgsite")
        logger.logLevel = .critical  // a cancelled test server logs its cancellation as an error
        return logger
    }

    private static func events(_ liveReload: LiveReload) async -> Response {
        let stream = await liveReload.subscribe()
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-cache"
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            try await writer.write(ByteBuffer(string: "retry: 1000\n: connected\n\n"))
            // An open stream would hold a graceful shutdown (Ctrl-C) forever.
            for await event in stream.cancelOnGracefulShutdown() { try await writer.write(ByteBuffer(string: event.wire)) }
            try await writer.finish(nil)
        })
    }

    /// An HTML page with the reload script; anything else goes on to the file middleware.
    private static func pageWithScript(_ request: Request, folder: SiteFolder) throws -> Response {
        guard let path = request.uri.path.removingPercentEncoding else { throw HTTPError(.badRequest) }
        guard path.hasSuffix("/") || path.hasSuffix(".html"), let file = folder.file(path),
            let html = try? String(contentsOfFile: file, encoding: .utf8)
        else { throw HTTPError(.notFound) }
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: LiveReload.inject(into: html))))
    }
}

/// Content-hashed variants (`_img/name-960.3fa9c2d1.webp`, and the dense
/// screens' and posters' `name-960-dense.3fa9c2d1.avif`) never change, so
/// they may be cached for a year; everything else is revalidated (ETag).
/// Text is declared UTF-8, as every page imgsite writes is.
struct CacheHeaders: RouterMiddleware {
    typealias Context = BasicRequestContext
    nonisolated(unsafe) static let hashedName = #/(^|/)_img/[^/]+-\d+(-[a-z]+)?\.[0-9a-f]{8}\.[a-z0-9]+$/#

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        if let type = response.headers[.contentType], type.hasPrefix("text/"), !type.contains("charset") {
            response.headers[.contentType] = type + "; charset=utf-8"
        }
        guard response.headers[.cacheControl] == nil, [.ok, .partialContent, .notModified].contains(response.status) else { return response }
        let hashed = (try? Self.hashedName.firstMatch(in: request.uri.path)) != nil
        response.headers[.cacheControl] = hashed ? "public, max-age=31536000, immutable" : "no-cache"
        return response
    }
}

/// A 404 page: the site's own `404.html` when it has one, else a plain one.
struct NotFoundPage: RouterMiddleware {
    typealias Context = BasicRequestContext
    let folder: SiteFolder
    let liveReload: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            let response = try await next(request, context)
            return response.status == .notFound ? page(for: request.uri.path) : response
        } catch let error as any HTTPResponseError where error.status == .notFound {
            return page(for: request.uri.path)
        }
    }

    /// The way back to the site's root from `path`, relative, so it holds
    /// when the site is published under a sub-path.
    static func rootLink(from path: String) -> String {
        let folders = path.split(separator: "/", omittingEmptySubsequences: true).count - (path.hasSuffix("/") ? 0 : 1)
        return folders > 0 ? String(repeating: "../", count: folders) : "./"
    }

    private func page(for path: String) -> Response {
        var html = folder.file("404.html").flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
            ?? "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Not found</title></head>"
            + "<body><h1>Not found</h1><p>There is no such page here. <a href=\"\(Self.rootLink(from: path))\">Back to the gallery</a></p></body></html>\n"
        if liveReload { html = LiveReload.inject(into: html) }
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        return Response(status: .notFound, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }
}
