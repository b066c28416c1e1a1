import Foundation
import ImgSiteMedia
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One build at a time per output folder.
///
/// An exclusive `flock(2)` on `.imgsite.lock` inside the folder. The kernel
/// drops it when its process ends, however it ends (`kill -9`, a crash, a
/// power cut), so a lock left by a dead process is simply free again. The
/// file says who holds it, for the message a second build prints, and is
/// removed when the build ends, so it is never part of the published site.
///
/// ```swift
/// let lock = try OutputLock.acquire(output, waiting: false) { print("waiting for \($0)") }
/// defer { lock.release() }
/// ```
public final class OutputLock: Sendable {
    public static let fileName = ".imgsite.lock"

    private let descriptor: Int32
    private let path: String
    /// The locks this process holds, by path: let go all at once when a
    /// signal ends it (`Interruption`), so no lock file is left behind.
    private static let held = Mutex<[String: Int32]>([:])

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    /// Takes the lock, creating the folder if needed. When another live
    /// process holds it: with `waiting`, calls `onWait` with its description
    /// and blocks until it is free; otherwise refuses with an error naming it.
    public static func acquire(_ folder: URL, waiting: Bool, onWait: (String) -> Void = { _ in }) throws(BuildError) -> OutputLock {
        try stamping(.lock) { () throws(BuildError) in try take(folder, waiting: waiting, onWait: onWait) }
    }

    private static func take(_ folder: URL, waiting: Bool, onWait: (String) -> Void) throws(BuildError) -> OutputLock {
        let path = folder.appending(path: fileName).path
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw BuildError(path: folder.path, "cannot be created: \(error.localizedDescription)")
        }
        while true {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw BuildError(path: path, "cannot be opened: \(String(cString: strerror(errno)))")
            }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                let holder = Self.holder(descriptor)
                guard waiting else {
                    close(descriptor)
                    throw BuildError(
                        path: folder.path,
                        "is being written by another imgsite (\(holder)); nothing was changed. "
                            + "Run again when it has finished, or add --wait to wait for it")
                }
                onWait(holder)
                flock(descriptor, LOCK_EX)
            }
            // A holder removes the file as it releases; a lock on a removed
            // file guards nothing, so take the one now at the path instead.
            var opened = stat(), current = stat()
            guard fstat(descriptor, &opened) == 0, stat(path, &current) == 0,
                opened.st_ino == current.st_ino, opened.st_dev == current.st_dev
            else {
                close(descriptor)
                continue
            }
            let lock = OutputLock(descriptor: descriptor, path: path)
            lock.describeHolder()
            held.withLock { $0[path] = descriptor }
            return lock
        }
    }

    /// Removes the file, then lets go of the lock.
    public func release() {
        guard Self.held.withLock({ $0.removeValue(forKey: path) }) != nil else { return }
        unlink(path)
        close(descriptor)
    }

    /// Lets go of every lock this process holds (the process is ending).
    static func releaseAll() {
        for (path, descriptor) in held.withLock({ $0 }) {
            unlink(path)
            close(descriptor)
        }
    }

    private func describeHolder() {
        let command = (["imgsite"] + CommandLine.arguments.dropFirst()).joined(separator: " ")
        // Not ISO8601DateFormatter: its first use sets up ICU, 1 ms before any image.
        let started = Date().formatted(.iso8601)
        let text = "pid \(getpid()), `\(command)`, started \(started)\n"
        ftruncate(descriptor, 0)
        _ = text.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }

    private static func holder(_ descriptor: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        let text = count > 0 ? String(decoding: buffer.prefix(count), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : ""
        return text.isEmpty ? "a process that has not said who it is yet" : text
    }
}
