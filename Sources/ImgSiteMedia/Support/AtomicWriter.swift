import CLinux
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Writes files so that a reader never sees half of one: the bytes go to a
/// hidden temporary file in the same folder, are made durable, then
/// `rename(2)` replaces the target in one step. A failed write leaves no
/// temporary file behind.
public enum AtomicWriter {
    /// Prefix of temporary files; a build removes strays left by a crash.
    public static let temporaryPrefix = ".imgsite-tmp-"

    public static func write(_ data: Data, to url: URL) throws {
        let temporary = try create(holding: data, for: url, durable: true)
        do {
            FaultInjection.point("write \(url.lastPathComponent)")
            try temporary.rename(to: url)
        } catch {
            temporary.remove()
            throw error
        }
    }

    /// Writes many files as `write` writes one, flushed together: every
    /// temporary file is written (on `workers` threads) and its writeback
    /// started, then each is synced, then each is renamed into place. The
    /// first `fsync` commits the journal for all of them and the others find
    /// their bytes already on the way: 37 pages in 13 ms, where an `fsync`
    /// right after each write took 27. (`syncfs(2)` was as quick, but waits
    /// for every other program's unwritten files too: 30 ms when another
    /// had just written 20 MB, as the peers of `make bench-peers` do.)
    /// Returns, in order, nil or the error for each file; `placed` runs
    /// after each rename.
    package static func write(
        _ files: [(data: Data, url: URL)], workers: Int, placed: @escaping @Sendable () -> Void = {}
    ) -> [(any Error)?] {
        let create = { @Sendable (file: (data: Data, url: URL)) in
            Result { try Self.create(holding: file.data, for: file.url, durable: false) }
        }
        // One worker: this thread (a thread of its own would cost more than an image's few files).
        let created = workers > 1 ? WorkerPool.map(files, workers: workers, create) : files.map(create)
        let synced = Result { try Temporary.sync(created.compactMap { try? $0.get() }) }
        return zip(created, files).map { created, file in
            do {
                let temporary = try created.get()
                do {
                    try synced.get()
                    FaultInjection.point("write \(file.url.lastPathComponent)")
                    try temporary.rename(to: file.url)
                } catch {
                    temporary.remove()
                    throw error
                }
                placed()
                return nil
            } catch {
                return error
            }
        }
    }

    /// Writes what `body` writes to the handle, in pieces, so a large file is
    /// never held in memory. When the result equals the file already there,
    /// that file is left untouched; returns whether it changed.
    @discardableResult
    public static func stream(to url: URL, _ body: (FileHandle) throws -> Void) throws -> Bool {
        let temporary = try create(holding: Data(), for: url, durable: false)
        do {
            let handle = try FileHandle(forWritingTo: temporary.url)
            do {
                try body(handle)
                try handle.synchronize()
                try handle.close()
            } catch {
                try? handle.close()
                throw error
            }
            if try sameContents(temporary.url, url) {
                temporary.remove()
                return false
            }
            FaultInjection.point("write \(url.lastPathComponent)")
            try temporary.rename(to: url)
            return true
        } catch {
            temporary.remove()
            throw error
        }
    }

    public static func write(_ bytes: [UInt8], to url: URL) throws {
        try write(Data(bytes), to: url)
    }

    public static func write(_ text: String, to url: URL) throws {
        try write(Data(text.utf8), to: url)
    }

    /// A new temporary file beside `url` holding `data`, synced if `durable`.
    private static func create(holding data: Data, for url: URL, durable: Bool) throws -> Temporary {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try Temporary(folder.appending(path: temporaryName()), holding: data, durable: durable)
    }

    private static let created = Atomic(0)

    /// Unique among this process's files, and other processes' by the pid
    /// (no UUID: Foundation reads /dev/urandom for each one).
    package static func temporaryName() -> String {
        "\(temporaryPrefix)\(getpid())-\(created.add(1, ordering: .relaxed).newValue)"
    }

    /// Compares two files in 64 KiB pieces; false when `b` does not exist.
    private static func sameContents(_ a: URL, _ b: URL) throws -> Bool {
        guard let left = try? FileHandle(forReadingFrom: a), let right = try? FileHandle(forReadingFrom: b) else { return false }
        defer {
            try? left.close()
            try? right.close()
        }
        while true {
            let (x, y) = (try left.read(upToCount: 65_536) ?? Data(), try right.read(upToCount: 65_536) ?? Data())
            if x != y { return false }
            if x.isEmpty { return true }
        }
    }
}

/// A temporary file of `AtomicWriter`, made through the system calls
/// themselves (Foundation's `Data.write` always syncs).
private struct Temporary: Sendable {
    package let url: URL

    /// Creates the file holding `data`; removes it again if that fails.
    package init(_ url: URL, holding data: Data, durable: Bool) throws {
        self.url = url
        let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw Self.error(errno) }
        defer { close(fd) }
        do {
            try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
                var done = 0
                while done < buffer.count {
                    let count = Glibc.write(fd, buffer.baseAddress! + done, buffer.count - done)
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { throw Self.error(count < 0 ? errno : EIO) }
                    done += count
                }
            }
            if durable {
                guard fsync(fd) == 0 else { throw Self.error(errno) }
            } else {
                _ = imgsite_start_writeback(fd)  // only a head start for `sync`: its failure changes nothing
            }
        } catch {
            unlink(url.path)
            throw error
        }
    }

    /// Makes `temporaries` durable, one `fsync` each: their writeback
    /// started when they were written.
    package static func sync(_ temporaries: [Temporary]) throws {
        for temporary in temporaries {
            let fd = open(temporary.url.path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw error(errno) }
            defer { close(fd) }
            guard fsync(fd) == 0 else { throw error(errno) }
        }
    }

    package func rename(to target: URL) throws {
        guard Glibc.rename(url.path, target.path) == 0 else { throw Self.error(errno) }
    }

    package func remove() {
        unlink(url.path)
    }

    /// Worded by the system ("No space left on device"); callers name the file.
    private static func error(_ code: Int32) -> any Error {
        POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
    }
}
