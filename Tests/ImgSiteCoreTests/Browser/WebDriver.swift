import Foundation

/// A minimal W3C WebDriver client for Debian's chromedriver + headless
/// chromium: enough to open pages, run a script and read the console.
final class WebDriver {
    static let chromium = "/usr/bin/chromium"
    static let chromedriver = "/usr/bin/chromedriver"

    private let process = Process()
    private let port: Int
    private var session = ""

    struct Failure: Error, CustomStringConvertible { let description: String }

    init() async throws {
        for tool in [Self.chromium, Self.chromedriver] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw Failure(description: "\(tool) is missing: `make test-deps` installs chromium and chromium-driver")
        }
        port = Int.random(in: 20_000..<40_000)
        process.executableURL = URL(fileURLWithPath: Self.chromedriver)
        process.arguments = ["--port=\(port)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<50 {
            if (try? await call("GET", "status")) != nil { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        let capabilities: [String: Any] = [
            "capabilities": ["alwaysMatch": [
                "browserName": "chrome",
                "goog:chromeOptions": [
                    "binary": Self.chromium,
                    "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,2400"],
                ],
                "goog:loggingPrefs": ["browser": "ALL"],
            ]],
        ]
        let reply = try await call("POST", "session", capabilities)
        session = ((reply as? [String: Any])?["sessionId"] as? String) ?? ""
        guard !session.isEmpty else { throw Failure(description: "chromedriver gave no session: \(reply)") }
    }

    func quit() async {
        _ = try? await call("DELETE", "session/\(session)")
        process.terminate()
    }

    func open(_ url: URL) async throws {
        _ = try await call("POST", "session/\(session)/url", ["url": url.absoluteString])
    }

    /// Runs an async script; `arguments[0]` is the callback to finish it.
    func executeAsync(_ script: String) async throws -> Any {
        try await call("POST", "session/\(session)/execute/async", ["script": script, "args": []])
    }

    /// Console entries of the page since the last call.
    func consoleLog() async throws -> [[String: Any]] {
        (try await call("POST", "session/\(session)/se/log", ["type": "browser"]) as? [[String: Any]]) ?? []
    }

    private func call(_ method: String, _ path: String, _ body: [String: Any]? = nil) async throws -> Any {
        let payload = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        let data = try LoopbackHTTP.request(port: port, method: method, path: path, body: payload)
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        if let value = json?["value"] as? [String: Any], let error = value["error"] as? String {
            throw Failure(description: "\(path): \(error): \(value["message"] ?? "")")
        }
        return json?["value"] ?? NSNull()
    }
}
