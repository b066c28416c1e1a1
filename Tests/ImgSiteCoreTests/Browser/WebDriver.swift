import Foundation

/// A minimal W3C WebDriver client for Debian's chromedriver + headless
/// chromium: enough to open pages, run a script and read the console.
final class WebDriver {
    static let chromium = "/usr/bin/chromium"
    static let chromedriver = "/usr/bin/chromedriver"

    private var driver: RunningProcess?
    private var port = 0
    private var session = ""

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// `arguments`: Chromium's own flags beside the suite's (a host map, a colour profile).
    init(arguments: [String] = []) async throws {
        for tool in [Self.chromium, Self.chromedriver] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw Failure(description: "\(tool) is missing: `make test-deps` installs chromium and chromium-driver")
        }
        try await startDriver()
        let capabilities: [String: Any] = [
            "capabilities": ["alwaysMatch": [
                "browserName": "chrome",
                "goog:chromeOptions": [
                    "binary": Self.chromium,
                    "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,2400"] + arguments,
                ],
                "goog:loggingPrefs": ["browser": "ALL"],
            ]],
        ]
        do {
            let reply = try await call("POST", "session", capabilities)
            session = ((reply as? [String: Any])?["sessionId"] as? String) ?? ""
            guard !session.isEmpty else { throw Failure(description: "chromedriver gave no session: \(reply)") }
        } catch {
            await stopDriver()
            throw error
        }
    }

    /// Starts chromedriver on a free port and waits until it answers. Under a
    /// full parallel test run it can take seconds to come up, and another
    /// process may take the port first: then it exits and we try another.
    private func startDriver() async throws {
        for _ in 0..<3 {
            port = try LoopbackHTTP.freePort()
            let process = try RunningProcess(Self.chromedriver, ["--port=\(port)"])
            driver = process
            // Asked at least 100 times: a test process whose threads are all
            // busy may first come back here after the deadline has passed.
            let deadline = Date().addingTimeInterval(60)
            var asked = 0
            while process.isRunning, Date() < deadline || asked < 100 {
                if (try? await call("GET", "status")) != nil { return }
                asked += 1
                try await Task.sleep(for: .milliseconds(100))
            }
            await stopDriver()
        }
        throw Failure(description: "chromedriver did not answer on three ports")
    }

    /// Runs `body` with a new browser and quits it however `body` ends.
    static func session<T>(arguments: [String] = [], _ body: (WebDriver) async throws -> T) async throws -> T {
        let browser = try await WebDriver(arguments: arguments)
        do {
            let result = try await body(browser)
            await browser.quit()
            return result
        } catch {
            await browser.quit()
            throw error
        }
    }

    func quit() async {
        _ = try? await call("DELETE", "session/\(session)")
        await stopDriver()
    }

    /// SIGTERM, then SIGKILL if it is still there 5 s later: a chromedriver
    /// left running outlives the suite (five did in one run).
    private func stopDriver() async {
        driver?.child.stop()
        driver = nil
    }

    func open(_ url: URL) async throws {
        _ = try await call("POST", "session/\(session)/url", ["url": url.absoluteString])
    }

    /// Runs an async script; `arguments[0]` is the callback to finish it.
    /// Runs `script` with `arguments`, then the callback it calls to answer.
    func executeAsync(_ script: String, _ arguments: Any...) async throws -> Any {
        try await call("POST", "session/\(session)/execute/async", ["script": script, "args": arguments])
    }

    /// A Chrome DevTools Protocol command (chromedriver's `goog/cdp/execute`):
    /// works with the page's scripts disabled.
    @discardableResult
    func cdp(_ command: String, _ parameters: [String: Any] = [:]) async throws -> [String: Any] {
        (try await call("POST", "session/\(session)/goog/cdp/execute", ["cmd": command, "params": parameters]) as? [String: Any]) ?? [:]
    }

    /// The viewport as a PNG, through DevTools (no page script involved).
    func screenshot() async throws -> [UInt8] {
        let reply = try await cdp("Page.captureScreenshot", ["format": "png"])
        guard let data = (reply["data"] as? String).flatMap({ Data(base64Encoded: $0) }) else {
            throw Failure(description: "no screenshot in \(reply.keys)")
        }
        return Array(data)
    }

    /// The border boxes (x, y, width, height in CSS px) of the elements
    /// `selector` matches, read through DevTools' DOM (no page script).
    func boxes(_ selector: String) async throws -> [(x: Double, y: Double, width: Double, height: Double)] {
        var boxes: [(x: Double, y: Double, width: Double, height: Double)] = []
        for node in try await nodes(selector) {
            let model = (try await cdp("DOM.getBoxModel", ["nodeId": node])["model"] as? [String: Any]) ?? [:]
            let quad = (model["border"] as? [Double]) ?? []
            guard quad.count == 8 else { continue }
            boxes.append((quad[0], quad[1], quad[2] - quad[0], quad[5] - quad[1]))
        }
        return boxes
    }

    /// One attribute of each element `selector` matches, through DevTools.
    func attributes(_ selector: String, name: String) async throws -> [String] {
        var values: [String] = []
        for node in try await nodes(selector) {
            let pairs = (try await cdp("DOM.getAttributes", ["nodeId": node])["attributes"] as? [String]) ?? []
            let index = stride(from: 0, to: pairs.count - 1, by: 2).first { pairs[$0] == name }
            values.append(index.map { pairs[$0 + 1] } ?? "")
        }
        return values
    }

    /// DevTools node ids of the elements `selector` matches, in document order.
    private func nodes(_ selector: String) async throws -> [Int] {
        let document = try await cdp("DOM.getDocument", ["depth": 0])
        let root = ((document["root"] as? [String: Any])?["nodeId"] as? Int) ?? 0
        return (try await cdp("DOM.querySelectorAll", ["nodeId": root, "selector": selector])["nodeIds"] as? [Int]) ?? []
    }

    /// The address the page is at now.
    func currentURL() async throws -> String {
        (try await call("GET", "session/\(session)/url") as? String) ?? ""
    }

    /// A key pressed and released (`key` as in KeyboardEvent.key, e.g. "ArrowRight").
    func press(_ key: String, code: Int) async throws {
        for type in ["rawKeyDown", "keyUp"] {
            try await cdp("Input.dispatchKeyEvent", ["type": type, "key": key, "code": key, "windowsVirtualKeyCode": code])
        }
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
