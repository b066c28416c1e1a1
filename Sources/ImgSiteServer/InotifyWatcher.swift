#if os(Linux)  // elsewhere `PollingWatcher` watches
import Foundation
import Synchronization
import Glibc

/// Linux inotify: one watch per folder, new folders watched as they appear.
/// Events: a file written and closed, created, deleted or moved (editors
/// save by writing a temporary file and renaming it over the old one).
/// A regular file created and not yet closed is being written: until its
/// close, what is reported says so (`FileChanges.mayBeWriting`).
final class InotifyWatcher: FileWatcher {
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ATTRIB)

    private let paths: WatchedPaths
    private let descriptor: Int32
    private let state = Mutex(State())

    private struct State {
        var folders: [Int32: String] = [:]  // watch descriptor → folder
        var writing: Set<String> = []  // created, not yet closed
        var stopped = false
    }

    init(_ paths: WatchedPaths) throws {
        self.paths = paths
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw ServerError("inotify is not available: \(String(cString: strerror(errno)))") }
        for folder in paths.folders { try watchTree(folder.path) }
        for file in paths.files { try watch(file.deletingLastPathComponent().path) }
    }

    func start(_ changed: @escaping @Sendable (FileChanges) -> Void) throws {
        let thread = Thread { [self] in run(changed) }
        thread.start()
    }

    func stop() {
        state.withLock { $0.stopped = true }
    }

    private func watch(_ folder: String) throws {
        let wd = inotify_add_watch(descriptor, folder, Self.mask)
        guard wd >= 0 else {
            throw ServerError("cannot watch \(folder): \(String(cString: strerror(errno)))"
                + (errno == ENOSPC ? " (raise fs.inotify.max_user_watches)" : ""))
        }
        state.withLock { $0.folders[wd] = folder }
    }

    private func watchTree(_ folder: String) throws {
        guard !paths.isExcluded(folder) || paths.folders.contains(where: { $0.path == folder }) else { return }
        try watch(folder)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !name.hasPrefix(".") {
            let path = folder + "/" + name
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue, !paths.isExcluded(path) {
                try watchTree(path)
            }
        }
    }

    /// Reads events until stopped, polling every 200 ms so `stop()` is seen.
    private func run(_ changed: @escaping @Sendable (FileChanges) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !state.withLock({ $0.stopped }) {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { continue }
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { continue }
            let (changes, folders) = parse(buffer, count: count)
            if !changes.isEmpty {
                changed(FileChanges(paths: changes, folders: folders, mayBeWriting: state.withLock { !$0.writing.isEmpty }))
            }
        }
        close(descriptor)
    }

    /// `struct inotify_event { int wd; uint32_t mask, cookie, len; char name[len]; }`, back to back.
    private func parse(_ buffer: [UInt8], count: Int) -> (paths: [String], folders: Set<String>) {
        var changes: [String] = []
        var folders: Set<String> = []
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
            let (wd, mask, length) = buffer.withUnsafeBytes { raw in
                (raw.load(fromByteOffset: offset, as: Int32.self), raw.load(fromByteOffset: offset + 4, as: UInt32.self),
                 Int(raw.load(fromByteOffset: offset + 12, as: UInt32.self)))
            }
            let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
            offset += header + length
            guard let folder = state.withLock({ $0.folders[wd] }) else { continue }
            let path = nameBytes.isEmpty ? folder : folder + "/" + String(decoding: nameBytes, as: UTF8.self)
            if mask & UInt32(IN_IGNORED) != 0 {
                state.withLock { _ = $0.folders.removeValue(forKey: wd) }
                continue
            }
            if paths.isExcluded(path) { continue }
            // A file watched alone (the config) matters; its neighbours do not.
            let inWatchedTree = paths.folders.contains { path == $0.path || path.hasPrefix($0.path + "/") }
            guard inWatchedTree || paths.files.contains(where: { $0.path == path }) else { continue }
            if mask & UInt32(IN_ISDIR) != 0 { folders.insert(path) }
            if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { try? watchTree(path) }
            noteWriting(path, mask: mask)
            changes.append(path)
        }
        return (changes, folders)
    }

    /// Tracks regular files opened by their creator and not yet closed. A
    /// link, a folder or a hard link made beside another name writes nothing.
    private func noteWriting(_ path: String, mask: UInt32) {
        if mask & UInt32(IN_CREATE) != 0, mask & UInt32(IN_ISDIR) == 0 {
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_nlink == 1 else { return }
            state.withLock { _ = $0.writing.insert(path) }
        } else if mask & UInt32(IN_CLOSE_WRITE | IN_DELETE | IN_MOVED_FROM) != 0 {
            state.withLock { _ = $0.writing.remove(path) }
        }
    }
}
#endif
