import Foundation
import ImgSiteMedia

/// `--archive site.tar.gz`: the built site as a deterministic archive. The
/// same site gives the same bytes on any machine: entries in byte order of
/// their paths, every time stamp the same (`SOURCE_DATE_EPOCH` if set, else
/// 0), owner and group 0 with no names, modes 0755/0644, and a gzip header
/// with no file name and no time. The lock file is not part of the site.
public enum SiteArchive {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes the archive next to `archive` and renames it into place, one
    /// file in memory at a time (a large site is gigabytes).
    public static func write(site: URL, to archive: URL) throws(Failure) {
        let temporary = archive.deletingLastPathComponent().appending(path: ".\(archive.lastPathComponent).\(getpid()).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil), let handle = try? FileHandle(forWritingTo: temporary) else {
            throw Failure(description: "\(archive.path): cannot be written")
        }
        defer { try? FileManager.default.removeItem(at: temporary) }
        do {
            let gzip = try Gzip(handle)
            try tar(site) { try gzip.append($0) }
            try gzip.finish()
            try handle.synchronize()
            try handle.close()
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "\(archive.path): cannot be written: \(error.localizedDescription)")
        }
        guard rename(temporary.path, archive.path) == 0 else {
            throw Failure(description: "\(archive.path): cannot be written: \(String(cString: strerror(errno)))")
        }
    }

    static var timestamp: Int {
        ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(Int.init).map { max(0, $0) } ?? 0
    }

    /// A POSIX ustar stream of the folder's entries, handed to `emit` in pieces.
    static func tar(_ site: URL, emit: ([UInt8]) throws -> Void) throws {
        guard let walker = FileManager.default.enumerator(at: site, includingPropertiesForKeys: [.isDirectoryKey], options: []) else {
            throw Failure(description: "\(site.path): cannot be read")
        }
        let root = site.standardizedFileURL.path
        var entries: [(path: String, url: URL, folder: Bool)] = []
        for case let url as URL in walker {
            let path = String(url.standardizedFileURL.path.dropFirst(root.count + 1))
            if path == OutputLock.fileName { continue }
            let folder = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
            entries.append((folder ? path + "/" : path, url, folder))
        }
        entries.sort { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }
        for entry in entries {
            let data: [UInt8]
            if entry.folder {
                data = []
            } else {
                do { data = Array(try Data(contentsOf: entry.url)) } catch {
                    throw Failure(description: "\(entry.url.path): cannot be read: \(error.localizedDescription)")
                }
            }
            try emit(try header(path: entry.path, size: data.count, folder: entry.folder))
            try emit(data + [UInt8](repeating: 0, count: (512 - data.count % 512) % 512))
        }
        try emit([UInt8](repeating: 0, count: 1024))  // two empty blocks end the archive
    }

    static func header(path: String, size: Int, folder: Bool) throws(Failure) -> [UInt8] {
        let bytes = Array(path.utf8)
        var (prefix, name) = ([UInt8](), bytes)
        if bytes.count > 100 {
            // ustar splits a long path at a slash: up to 155 bytes before it, 100 after.
            guard let cut = bytes.indices.last(where: { bytes[$0] == UInt8(ascii: "/") && $0 <= 155 && bytes.count - $0 - 1 <= 100 && bytes.count - $0 - 1 > 0 })
            else { throw Failure(description: "\(path): path too long for a tar archive (ustar: 255 bytes)") }
            (prefix, name) = (Array(bytes[..<cut]), Array(bytes[(cut + 1)...]))
        }
        var block = [UInt8](repeating: 0, count: 512)
        func put(_ field: [UInt8], at offset: Int) { block.replaceSubrange(offset..<offset + field.count, with: field) }
        func octal(_ value: Int, width: Int) -> [UInt8] { Array(String(value, radix: 8).leftPadded(to: width - 1).utf8) + [0] }
        put(name, at: 0)
        put(octal(folder ? 0o755 : 0o644, width: 8), at: 100)
        put(octal(0, width: 8), at: 108)  // uid
        put(octal(0, width: 8), at: 116)  // gid
        put(octal(size, width: 12), at: 124)
        put(octal(timestamp, width: 12), at: 136)
        put(Array(repeating: UInt8(ascii: " "), count: 8), at: 148)  // checksum field counts as spaces
        block[156] = folder ? UInt8(ascii: "5") : UInt8(ascii: "0")
        put(Array("ustar\0".utf8) + Array("00".utf8), at: 257)
        put(prefix, at: 345)
        let checksum = block.reduce(0) { $0 + Int($1) }
        put(Array(String(checksum, radix: 8).leftPadded(to: 6).utf8) + [0, UInt8(ascii: " ")], at: 148)
        return block
    }

    /// gzip (level 9) streamed to a file.
    final class Gzip {
        private let stream: GzipStream
        private let handle: FileHandle

        init(_ handle: FileHandle) throws(Failure) {
            self.handle = handle
            do {
                stream = try GzipStream(level: 9)
            } catch {
                throw Failure(description: error.description)
            }
        }

        func append(_ bytes: [UInt8]) throws { try handle.write(contentsOf: stream.compress(bytes, finish: false)) }

        func finish() throws { try handle.write(contentsOf: stream.compress([], finish: true)) }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
