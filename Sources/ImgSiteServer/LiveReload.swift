import Foundation

/// Tells open pages what happened, through Server-Sent Events on
/// `/_imgsite/events`: `reload` after a good rebuild, `failed` with the error
/// (the page shows it over the site, which stays the last good one), `ok`
/// when the error is gone. A page that connects while a rebuild is failing
/// gets the error at once.
public actor LiveReload {
    public enum Event: Sendable, Equatable {
        case reload
        case failed(String)
        case ok

        /// The event in the SSE wire format (each line of data prefixed).
        var wire: String {
            switch self {
            case .reload: "event: reload\ndata: \n\n"
            case .ok: "event: ok\ndata: \n\n"
            case .failed(let message):
                "event: failed\n" + message.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)\n" }.joined() + "\n"
            }
        }
    }

    private var clients: [UUID: AsyncStream<Event>.Continuation] = [:]
    private var failure: String?
    private var closed = false

    public init() {}

    /// A stream of events for one page; it ends when the page goes or at shutdown.
    public func subscribe() -> AsyncStream<Event> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .bufferingNewest(8))
        continuation.onTermination = { _ in Task { await self.unsubscribe(id) } }
        if closed { continuation.finish() }
        clients[id] = continuation
        if let failure { continuation.yield(.failed(failure)) }
        return stream
    }

    public func send(_ event: Event) {
        switch event {
        case .failed(let message): failure = message
        case .ok: failure = nil
        case .reload: break  // a page reloaded after a partial failure gets the message again
        }
        for client in clients.values { client.yield(event) }
    }

    /// Ends every stream (so the server can stop without waiting for pages).
    public func close() {
        closed = true
        for client in clients.values { client.finish() }
        clients.removeAll()
    }

    public var connectedPages: Int { clients.count }

    private func unsubscribe(_ id: UUID) {
        clients[id] = nil
    }

    /// The script added to every page the watch server serves (never to the
    /// built files): reload on `reload`, show `failed` over the page, hide it on `ok`.
    static let script = """
        <script>/* imgsite watch: live reload */(function () {
          var source = new EventSource("/_imgsite/events");
          function overlay() {
            var box = document.getElementById("imgsite-error");
            if (!box) {
              box = document.createElement("pre");
              box.id = "imgsite-error";
              box.style.cssText = "position:fixed;left:0;right:0;bottom:0;max-height:50vh;overflow:auto;margin:0;padding:1em;"
                + "background:#3b0000;color:#ffe0e0;font:13px/1.4 monospace;white-space:pre-wrap;z-index:2147483647";
              document.body.appendChild(box);
            }
            return box;
          }
          source.addEventListener("reload", function () { location.reload(); });
          source.addEventListener("failed", function (event) { overlay().textContent = "imgsite: the rebuild failed\\n\\n" + event.data; });
          source.addEventListener("ok", function () { var box = document.getElementById("imgsite-error"); if (box) box.remove(); });
        })();</script>
        """

    /// `html` with the script before `</body>` (or at the end).
    static func inject(into html: String) -> String {
        guard let body = html.range(of: "</body>", options: [.caseInsensitive, .backwards]) else { return html + script }
        return html.replacingCharacters(in: body.lowerBound..<body.lowerBound, with: script + "\n")
    }
}
