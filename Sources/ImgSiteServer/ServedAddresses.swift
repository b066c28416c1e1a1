import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What `serve` and `watch` say of where the site can be opened: the
/// addresses a phone on the same network can type (not "0.0.0.0"), and
/// each private album's unlock page, which opens only over HTTPS or on
/// this machine (its service worker needs a secure origin).
public enum ServedAddresses {
    /// The site's addresses when listening on `host`: every address the
    /// machine has on its networks for 0.0.0.0 or ::, loopback last.
    public static func urls(host: String, port: Int) -> [String] {
        let hosts = host == "0.0.0.0" || host == "::" ? machineAddresses(ipv6: host == "::") + ["127.0.0.1"] : [host]
        return hosts.map { "http://\($0.contains(":") ? "[\($0)]" : $0):\(port)/" }
    }

    /// Whether a browser treats `url` as a secure origin, where service workers run.
    public static func isSecure(_ url: String) -> Bool {
        url.hasPrefix("https://") || url.hasPrefix("http://127.") || url.hasPrefix("http://localhost") || url.hasPrefix("http://[::1]")
    }

    /// The private albums' addresses in a built site ("p-2gqknswfhs/",
    /// "trips/p-7kq2m9x4ab/"): each folder holding sealed files.
    public static func privateAlbums(in site: URL) -> [String] {
        var found: [String] = []
        func walk(_ folder: URL, _ relative: String) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            if names.contains("_sealed") && names.contains("sw.js") { found.append(relative) }
            for name in names.sorted() where !name.hasPrefix("_") && !name.hasPrefix(".") {
                var isFolder: ObjCBool = false
                let child = folder.appending(path: name)
                if FileManager.default.fileExists(atPath: child.path, isDirectory: &isFolder), isFolder.boolValue {
                    walk(child, relative + name + "/")
                }
            }
        }
        walk(site, "")
        return found
    }

    /// The lines said when serving `site` at `urls`.
    public static func lines(site: URL, urls: [String]) -> [String] {
        let albums = privateAlbums(in: site)
        guard let first = urls.first else { return [] }
        var lines = albums.map { "private album \($0) → \(first)\($0)" }
        if !albums.isEmpty && !urls.allSatisfy(isSecure) {
            lines.append("note: a private album opens only over HTTPS or on this machine (\(urls.last ?? first)): "
                + "a browser runs its decrypting worker only there; publish on an HTTPS host to share it")
        }
        return lines
    }

    /// This machine's addresses on its networks, loopback left out.
    private static func machineAddresses(ipv6: Bool) -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = entry.pointee.ifa_addr, (entry.pointee.ifa_flags & UInt32(IFF_LOOPBACK)) == 0,
                (entry.pointee.ifa_flags & UInt32(IFF_UP)) != 0
            else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || (ipv6 && family == AF_INET6) else { continue }
            var name = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            guard getnameinfo(address, length, &name, socklen_t(name.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            let text = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // A link-local IPv6 address needs its interface named: not one to type on a phone.
            if !text.hasPrefix("fe80"), !addresses.contains(text) { addresses.append(text) }
        }
        return addresses
    }
}
