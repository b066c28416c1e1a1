import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether the server will be able to listen, asked before the first build
/// (which may take minutes), so a busy port is said at once.
enum PortCheck {
    /// Throws when `host:port` cannot be bound (port 0 always can).
    static func free(host: String, port: Int) throws {
        guard port != 0 else { return }
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else {
            throw ServerError("\(host) is not an address this machine can listen on")
        }
        defer { freeaddrinfo(found) }
        let descriptor = socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
        guard descriptor >= 0 else { return }  // cannot tell: the server will say
        defer { close(descriptor) }
        var yes: Int32 = 1
        // As the server binds: an old connection in TIME_WAIT does not count as busy.
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        if bind(descriptor, first.pointee.ai_addr, first.pointee.ai_addrlen) != 0 {
            let reason = errno == EADDRINUSE ? "is in use; choose another with --port" : String(cString: strerror(errno))
            throw ServerError("\(host):\(port) \(reason)")
        }
    }
}
