import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// HTTP/1.1 to 127.0.0.1 over a plain socket, `Connection: close`, the path
/// sent exactly as given (URLSession would normalise "..", which the server
/// tests must send). FoundationNetworking's URLSession also fails on
/// chromedriver's replies on Linux ("Failed writing header").
enum LoopbackHTTP {
    struct Failure: Error, CustomStringConvertible { let description: String }

    struct Response {
        var status: Int
        /// Header names in lower case.
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// The body of a JSON request (chromedriver).
    static func request(port: Int, method: String, path: String, body: Data?) throws -> Data {
        try send(port: port, method: method, path: "/" + path, headers: ["Content-Type": "application/json"], body: body).body
    }

    /// One request; the whole response.
    static func send(port: Int, method: String = "GET", path: String, headers: [String: String] = [:], body: Data? = nil) throws -> Response {
        let fd = try connect(port: port)
        defer { close(fd) }
        var message = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { message += "\(name): \(value)\r\n" }
        message += "Content-Length: \(body?.count ?? 0)\r\n\r\n"
        try write(fd, Data(message.utf8) + (body ?? Data()))
        // Read until the header's Content-Length is satisfied: chromedriver
        // keeps the connection open, so end-of-stream may never come.
        var response = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let parsed = parse(response) {
                // 204, 304 and answers to HEAD have no body, whatever their headers say.
                if [204, 304].contains(parsed.status) || method == "HEAD" { return parsed }
                if let length = Int(parsed.headers["content-length"] ?? ""), parsed.body.count >= length {
                    return Response(status: parsed.status, headers: parsed.headers, body: parsed.body.prefix(length))
                }
            }
            let n = recv(fd, &chunk, chunk.count, 0)
            if n < 0 { throw Failure(description: "recv: errno \(errno)") }
            if n == 0 { break }
            response.append(contentsOf: chunk[0..<n])
        }
        guard var parsed = parse(response) else { throw Failure(description: "no HTTP reply from port \(port)") }
        if parsed.headers["transfer-encoding"] == "chunked" { parsed.body = try dechunked(parsed.body) }
        return parsed
    }

    /// A chunked body's data (RFC 9112 §7.1), read to its end.
    static func dechunked(_ body: Data) throws -> Data {
        var (data, rest) = (Data(), body[...])
        while let lineEnd = rest.range(of: Data("\r\n".utf8)) {
            let sizeText = String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { throw Failure(description: "bad chunk size '\(sizeText)'") }
            if size == 0 { return data }
            let start = lineEnd.upperBound
            guard rest.distance(from: start, to: rest.endIndex) >= size + 2 else { throw Failure(description: "truncated chunk") }
            data += rest[start..<rest.index(start, offsetBy: size)]
            rest = rest[rest.index(start, offsetBy: size + 2)...]
        }
        throw Failure(description: "chunked body without its last chunk")
    }

    /// Opens `path` and hands each line of the (streamed) body to `line`
    /// until it returns true or `timeout` seconds pass; false on timeout.
    static func stream(port: Int, path: String, timeout: Double, ready: () throws -> Void = {}, line: (String) -> Bool) throws -> Bool {
        let fd = try connect(port: port, timeout: 0.2)
        defer { close(fd) }
        try write(fd, Data("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8))
        let deadline = Date().addingTimeInterval(timeout)
        var pending = Data()
        var chunk = [UInt8](repeating: 0, count: 4_096)
        var calledReady = false
        while Date() < deadline {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n > 0 { pending.append(contentsOf: chunk[0..<n]) }
            while let newline = pending.firstIndex(of: 10) {
                let text = String(decoding: pending[..<newline], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                pending = Data(pending[(newline + 1)...])
                if line(text) { return true }
                // The stream is open once its first comment arrives.
                if !calledReady, text.hasPrefix(": connected") {
                    calledReady = true
                    try ready()
                }
            }
            if n == 0 { return false }
        }
        return false
    }

    /// A port nothing listens on now: the kernel's pick for port 0.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { throw Failure(description: "bind: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func connect(port: Int, timeout: Double = 60) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var limit = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw Failure(description: "connect to port \(port): errno \(errno)")
        }
        return fd
    }

    private static func write(_ fd: Int32, _ payload: Data) throws {
        try payload.withUnsafeBytes { buffer in
            var sent = 0
            while sent < buffer.count {
                let n = Glibc.send(fd, buffer.baseAddress! + sent, buffer.count - sent, 0)
                guard n > 0 else { throw Failure(description: "send: errno \(errno)") }
                sent += n
            }
        }
    }

    private static func parse(_ data: Data) -> Response? {
        guard let split = data.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let lines = String(decoding: data[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        guard let status = lines.first?.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: Data(data[split.upperBound...]))
    }
}
