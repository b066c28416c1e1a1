import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One HTTP/1.1 request to 127.0.0.1 over a plain socket, `Connection:
/// close`. FoundationNetworking's URLSession fails on chromedriver's
/// replies on Linux ("Failed writing header"), and this is all we need.
enum LoopbackHTTP {
    struct Failure: Error, CustomStringConvertible { let description: String }

    static func request(port: Int, method: String, path: String, body: Data?) throws -> Data {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect to port \(port): errno \(errno)") }
        var message = "\(method) /\(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        message += "Content-Type: application/json\r\nContent-Length: \(body?.count ?? 0)\r\n\r\n"
        let payload = Data(message.utf8) + (body ?? Data())
        try payload.withUnsafeBytes { buffer in
            var sent = 0
            while sent < buffer.count {
                let n = send(fd, buffer.baseAddress! + sent, buffer.count - sent, 0)
                guard n > 0 else { throw Failure(description: "send: errno \(errno)") }
                sent += n
            }
        }
        // Read until the header's Content-Length is satisfied: chromedriver
        // keeps the connection open, so end-of-stream may never come.
        var response = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let split = response.range(of: Data("\r\n\r\n".utf8)) {
                let header = String(decoding: response[..<split.lowerBound], as: UTF8.self).lowercased()
                let length = header.components(separatedBy: "\r\n")
                    .first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
                if let length, response.count - split.upperBound >= length {
                    return response[split.upperBound..<split.upperBound + length]
                }
            }
            let n = recv(fd, &chunk, chunk.count, 0)
            if n < 0 { throw Failure(description: "recv: errno \(errno)") }
            if n == 0 { break }
            response.append(contentsOf: chunk[0..<n])
        }
        guard let split = response.range(of: Data("\r\n\r\n".utf8)) else {
            throw Failure(description: "no HTTP reply from port \(port)")
        }
        return response[split.upperBound...]
    }
}
