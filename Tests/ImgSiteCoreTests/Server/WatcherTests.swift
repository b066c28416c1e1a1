import Foundation
@testable import ImgSiteServer
import Synchronization
import Testing

@Suite(.serialized) struct WatcherTests {
    /// Starts `watcher`, runs `change`, and waits up to 3 s for a report naming `expected`.
    static func sees(_ watcher: any FileWatcher, _ expected: String, after change: () throws -> Void) throws -> Bool {
        let seen = Mutex<[String]>([])
        try watcher.start { changes in seen.withLock { $0 += changes.paths } }
        defer { watcher.stop() }
        Thread.sleep(forTimeInterval: 0.3)
        try change()
        for _ in 0..<60 {
            if seen.withLock({ $0.contains { $0.hasSuffix(expected) } }) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    static func paths() throws -> (WatchedPaths, URL) {
        let input = try Corpus.scratch("watched")
        try FileManager.default.createDirectory(at: input.appendingPathComponent("_site"), withIntermediateDirectories: true)
        let config = input.deletingLastPathComponent().appendingPathComponent(input.lastPathComponent + ".yml")
        try "title: x\n".write(to: config, atomically: true, encoding: .utf8)
        Scratch.register(config)
        return (WatchedPaths(folders: [input], files: [config], excluded: [input.appendingPathComponent("_site")]), input)
    }

    @Test("inotify: a photo saved into a folder created after the start, and the config")
    func inotify() throws {
        let (paths, input) = try Self.paths()
        #expect(try Self.sees(try InotifyWatcher(paths), "new/photo.jpg") {
            try FileManager.default.createDirectory(at: input.appendingPathComponent("new"), withIntermediateDirectories: true)
            Thread.sleep(forTimeInterval: 0.2)
            try Data([1]).write(to: input.appendingPathComponent("new/photo.jpg"))
        })
        #expect(try Self.sees(try InotifyWatcher(paths), ".yml") {
            try "title: y\n".write(to: paths.files[0], atomically: true, encoding: .utf8)
        })
        #expect(try !Self.sees(try InotifyWatcher(paths), "page.html") {
            try Data([1]).write(to: input.appendingPathComponent("_site/page.html"))
        }, "the output folder is not watched")
    }

    @Test("polling, where inotify cannot be used")
    func polling() throws {
        let (paths, input) = try Self.paths()
        #expect(try Self.sees(PollingWatcher(paths, interval: 0.1), "photo.jpg") {
            try Data([1]).write(to: input.appendingPathComponent("photo.jpg"))
        })
    }

    @Test("inotify: a file created and still open is being written until it is closed; a rename is finished")
    func writing() throws {
        let (paths, input) = try Self.paths()
        let watcher = try InotifyWatcher(paths)
        let reports = Mutex<[FileChanges]>([])
        try watcher.start { changes in reports.withLock { $0.append(changes) } }
        defer { watcher.stop() }
        Thread.sleep(forTimeInterval: 0.3)
        func last(naming name: String) -> FileChanges? {
            for _ in 0..<60 {
                if let report = reports.withLock({ $0.last { $0.paths.contains { $0.hasSuffix(name) } } }) { return report }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return nil
        }
        let slow = input.appendingPathComponent("slow.jpg").path
        let descriptor = open(slow, O_CREAT | O_WRONLY, 0o644)
        #expect(descriptor >= 0)
        _ = write(descriptor, "half", 4)
        #expect(last(naming: "slow.jpg")?.mayBeWriting == true, "created, not closed")
        reports.withLock { $0.removeAll() }
        close(descriptor)
        #expect(last(naming: "slow.jpg")?.mayBeWriting == false, "closed: finished")
        let temporary = input.appendingPathComponent(".saved.jpg.tmp")
        try Data([1, 2]).write(to: temporary)
        try FileManager.default.moveItem(at: temporary, to: input.appendingPathComponent("saved.jpg"))
        #expect(last(naming: "saved.jpg")?.mayBeWriting == false, "renamed into place: finished")
    }
}
