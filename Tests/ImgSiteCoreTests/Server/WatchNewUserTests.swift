import Foundation
import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// `imgsite watch` tried as a new user tries it: a photo that fails, a
/// damaged one, a copy written in pieces, a busy port, a broken template.
@Suite(.tags(.watch)) struct WatchNewUserTests {
    static func library(_ photos: [String: String]) throws -> URL {
        let input = try Corpus.scratch("watched")
        for (path, source) in photos {
            let file = input.appending(path: path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source.hasPrefix("bad/") ? Corpus.root.appending(path: source) : Corpus.photo(source), to: file)
        }
        return input
    }

    static func watch(_ input: URL, _ extra: [String] = []) throws -> (RunningProcess, URL) {
        let output = try Corpus.scratch("site")
        let arguments = [input.path, "-o", output.path, "--port", "0", "--cache-dir", try Corpus.scratch("cache").path] + extra
        return (try RunningProcess.imgsite(["watch"] + arguments), output)
    }

    /// "built N, up to date N, failed N[, warnings N][, animations N][, removed N stale files]; IN → OUT; S s; site in DIR"
    nonisolated(unsafe) static let summaryFormat = /^built \d+, up to date \d+, failed \d+(, warnings \d+)?(, site warnings \d+)?(, animations \d+)?(, removed \d+ stale files)?(, skipped \d+ \(\d+ [A-Za-z]+(, \d+ [a-z]+)?\))?; (.+ → .+|nothing encoded); \d+\.\d s; site in .+$/

    @Test("a failed image's message stays its own; summaries and warning lines as build prints them; each change named once, with its album")
    func messagesAndLines() throws {
        let input = try Self.library(["a/good.jpg": "formats/tiny-88x64.jpg"])
        let (watch, _) = try Self.watch(input)
        #expect(watch.port() != nil, "\(watch.standardError)")
        #expect(watch.wait { _, _ in watch.summaries.count == 1 })

        try FileManager.default.copyItem(at: Corpus.root.appending(path: "bad/corrupted.jpg"), to: input.appending(path: "a/bad.jpg"))
        #expect(watch.wait { out, _ in out.contains("failed a/bad.jpg") && watch.summaries.count >= 2 }, "\(watch.standardOutput)")
        try FileManager.default.removeItem(at: input.appending(path: "a/bad.jpg"))
        #expect(watch.wait { _, _ in watch.summaries.count >= 3 })
        try FileManager.default.copyItem(at: Corpus.root.appending(path: "bad/truncated.jpg"), to: input.appending(path: "a/truncated.jpg"))
        #expect(watch.wait { out, _ in out.contains("a/truncated.jpg") && watch.summaries.count >= 4 }, "\(watch.standardOutput)")
        // A caption saved: the damaged photo's warning is said again, as `build` says it.
        try Data("caption: Hello\n".utf8).write(to: input.appending(path: "a/good.jpg.yml"))
        #expect(watch.wait { _, _ in watch.summaries.count >= 5 }, "\(watch.standardOutput)")
        watch.interrupt()

        let damaged = watch.standardOutput.split(separator: "\n").filter { $0.contains("a/truncated.jpg:") }
        // libjpeg-turbo's wording differs between versions ("Premature end of input file", "premature end of JPEG image").
        #expect(damaged.count >= 2 && damaged.allSatisfy { $0.lowercased().contains("premature end") }, "\(damaged)")
        for line in damaged {
            for other in ["bad.jpg", "not a known file format", "corrupted"] { #expect(!line.contains(other), "\(line)") }
        }
        #expect(damaged.first?.hasPrefix("warning a/truncated.jpg") == true && damaged.last?.hasPrefix("up to date a/truncated.jpg") == true)
        for summary in watch.summaries { #expect(summary.wholeMatch(of: Self.summaryFormat) != nil, "\(summary)") }
        #expect(watch.summaries.last?.contains("warnings 1") == true, "\(watch.summaries)")
        let changes = watch.standardError.split(separator: "\n").filter { $0.hasPrefix("changed: ") }
        for path in ["a/bad.jpg", "a/truncated.jpg", "a/good.jpg.yml"] {
            #expect(changes.filter { $0.contains(path) }.count == (path == "a/bad.jpg" ? 2 : 1), "\(path): \(changes)")
        }
        #expect(watch.standardError.contains("stopped"))
    }

    @Test("a photo copied in four pieces 0.4 s apart is built once, whole: no damage warning, no half image")
    func halfWrittenCopy() throws {
        let input = try Self.library(["a/first.jpg": "formats/tiny-88x64.jpg"])
        let (watch, output) = try Self.watch(input)
        #expect(watch.port() != nil, "\(watch.standardError)")
        #expect(watch.wait { _, _ in watch.summaries.count == 1 })
        let bytes = try Data(contentsOf: Corpus.photo("nature/FreshFlower.jpg"))
        let file = input.appending(path: "a/flower.jpg")
        let piece = bytes.count / 4 + 1
        for start in stride(from: 0, to: bytes.count, by: piece) {
            // Each piece opened, appended and closed, as a slow copy does.
            if !FileManager.default.fileExists(atPath: file.path) { FileManager.default.createFile(atPath: file.path, contents: nil) }
            let handle = try FileHandle(forWritingTo: file)
            try handle.seekToEnd()
            try handle.write(contentsOf: bytes[start..<min(bytes.count, start + piece)])
            try handle.close()
            Thread.sleep(forTimeInterval: 0.4)
        }
        #expect(watch.wait { _, _ in watch.summaries.contains { $0.hasPrefix("built 1, up to date 1,") } }, "\(watch.standardOutput)")
        Thread.sleep(forTimeInterval: 1.5)
        watch.interrupt()
        #expect(!watch.standardOutput.contains("damaged") && !watch.standardOutput.contains("warning"), "\(watch.standardOutput)")
        #expect(watch.summaries.filter { $0.hasPrefix("built 1, up to date 1,") }.count == 1, "built once: \(watch.summaries)")
        let manifest = try #require(Manifest.load(from: output))
        #expect(manifest.images.first { $0.source == "a/flower.jpg" }?.warnings == [], "\(manifest.images.map(\.source))")
    }

    @Test("a file no build reads (notes, an editor's backup) starts no rebuild and is not named; a photo saved after it is")
    func unreadFiles() throws {
        let input = try Self.library(["a/first.jpg": "formats/tiny-88x64.jpg"])
        let (watch, _) = try Self.watch(input)
        #expect(watch.port() != nil, "\(watch.standardError)")
        #expect(watch.wait { _, _ in watch.summaries.count == 1 })
        for name in ["notes.md", "a/notes.md", "a/first.jpg~", "a/edit.psd", "a/.first.jpg.swp", "a/notes.txt"] {
            try Data("x".utf8).write(to: input.appending(path: name))
        }
        Thread.sleep(forTimeInterval: 2)
        #expect(!watch.standardError.contains("changed:") && watch.summaries.count == 1, "\(watch.standardError)")
        try FileManager.default.copyItem(at: Corpus.photo("cameras/kodak-dc240.jpg"), to: input.appending(path: "a/second.jpg"))
        #expect(watch.wait { _, _ in watch.summaries.count == 2 }, "\(watch.standardOutput)")
        watch.interrupt()
        let changes = watch.standardError.split(separator: "\n").filter { $0.hasPrefix("changed: ") }
        #expect(changes == ["changed: a/second.jpg"], "\(changes)")
        #expect(watch.child.status == 130 && !watch.child.killedBySignal, "Ctrl-C: \(watch.child.status)")
    }

    @Test("a busy port is said at once, before any build")
    func busyPort() throws {
        let listener = try LoopbackListener()
        let input = try Self.library(["a/first.jpg": "formats/tiny-88x64.jpg"])
        let output = try Corpus.scratch("site")
        let started = Date()
        let run = try ImgsiteProcess.run(["watch", input.path, "-o", output.path, "--port", String(listener.port)], timeout: 60)
        #expect(run.status == 2 && run.errors.contains("127.0.0.1:\(listener.port) is in use"), "\(run.status) \(run.errors)")
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(!FileManager.default.fileExists(atPath: output.appending(path: "index.html").path), "nothing was built")
    }

    @Test("a broken template is named with its line and column in words; an unknown variable is warned about once")
    func templates() throws {
        let input = try Self.library(["a/first.jpg": "formats/tiny-88x64.jpg", "a/second.jpg": "cameras/kodak-dc240.jpg"])
        let templates = input.appending(path: "templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let album = "{{<base}}\n{{$content}}\n<p>{{title}}</p>\n{{/contents}}\n{{/base}}\n"
        try Data(album.utf8).write(to: templates.appending(path: "album.mustache"))
        let output = try Corpus.scratch("site")
        let cache = try Corpus.scratch("cache")
        let broken = try ImgsiteProcess.run(["build", input.path, "-o", output.path, "--cache-dir", cache.path])
        #expect(broken.status == 2, "a build that cannot start: \(broken.status)")
        #expect(broken.errors.contains("templates/album.mustache:4:1: {{/contents}} closes a section that was never opened"), "\(broken.errors)")
        #expect(!broken.errors.contains("ParserError") && !broken.errors.contains("MustacheParserContext"), "\(broken.errors)")

        try FileManager.default.removeItem(at: templates.appending(path: "album.mustache"))
        let builtIn = try String(contentsOf: Corpus.repoRoot.appending(path: "templates/photo.mustache"), encoding: .utf8)
        try Data((builtIn + "<p>{{captoin}}</p>\n").utf8).write(to: templates.appending(path: "photo.mustache"))
        let typo = try ImgsiteProcess.run(["build", input.path, "-o", output.path, "--cache-dir", cache.path])
        #expect(typo.status == 0, "\(typo.errors)")
        let warnings = typo.output.split(separator: "\n").filter { $0.contains("captoin") }
        #expect(warnings.count == 1 && warnings[0].hasPrefix("site warning templates/photo.mustache"), "\(typo.output)")
        // The image lines add up to the summary; the template's warning is counted apart.
        let summary = try #require(typo.output.split(separator: "\n").last)
        let counts = try #require(summary.firstMatch(of: /^built (\d+), up to date (\d+), failed 0, site warnings 1;/), "\(summary)")
        let imageLines = typo.output.split(separator: "\n").filter { $0.hasPrefix("built ") || $0.hasPrefix("warning ") || $0.hasPrefix("up to date ") }
        #expect(imageLines.count - 1 == Int(counts.1)! + Int(counts.2)!, "\(typo.output)")
    }
}

/// A TCP socket listening on 127.0.0.1, on a port the system chose.
final class LoopbackListener {
    let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && listen(descriptor, 1) == 0
                && getsockname(descriptor, $0, &length) == 0 }
        }
        guard bound else { throw WalkError("cannot listen on 127.0.0.1: errno \(errno)") }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }
}

/// `imgsite watch` on a terminal (a pseudo-terminal from `script`).
@Suite(.tags(.watch)) struct WatchTerminalTests {
    /// `imgsite watch` under `script`, as a person at a terminal runs it.
    static func terminal(_ input: URL, _ output: URL) throws -> RunningProcess {
        let command = [ImgsiteProcess.executable.path, "watch", input.path, "-o", output.path, "--port", "0",
                       "--cache-dir", try Corpus.scratch("cache").path, "--jobs", "1"]
            .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        // `exec`: imgsite itself is the child of `script`, whichever shell runs
        // the command (dash, unlike bash, forks it and would take the Ctrl-C).
        // A person at a terminal: no CI variable, a terminal that draws.
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != "CI" }.merging(["TERM": "xterm"]) { $1 }
        return try RunningProcess("/usr/bin/script", ["-qfec", "exec " + command, "/dev/null"], environment: environment)
    }

    /// Ctrl-C at the terminal: SIGINT to imgsite (the child of `script`).
    static func pressControlC(_ terminal: RunningProcess) throws {
        _ = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/pkill"), ["-INT", "-P", "\(terminal.child.pid)"])
        terminal.child.wait(timeout: 120)
    }

    @Test("Ctrl-C during the first build: the progress line ended, said on a line of its own, the lock let go, status 130")
    func interruptFirstBuild() throws {
        let input = try WatchNewUserTests.library(["a/large.jpg": "large/string.jpg", "a/first.jpg": "formats/tiny-88x64.jpg"])
        let output = try Corpus.scratch("site")
        let terminal = try Self.terminal(input, output)
        #expect(terminal.wait(timeout: 60) { out, _ in out.contains("/2  ") }, "the first build's progress line: \(terminal.standardOutput)")
        try Self.pressControlC(terminal)
        let screen = terminal.standardOutput
        #expect(screen.contains("\r\u{1B}[Kstopped during a build: what it finished is kept"), "\(screen.suffix(300).debugDescription)")
        #expect(!screen.contains("serving http://"), "stopped before serving")
        #expect(terminal.child.status == 130, "script passes on imgsite's status: \(terminal.child.status)")
        #expect(!FileManager.default.fileExists(atPath: output.appending(path: OutputLock.fileName).path), "the lock file is gone")
    }

    @Test("on a terminal the first build shows build's progress line, and Ctrl-C during a rebuild says so")
    func progressAndInterrupt() throws {
        let input = try WatchNewUserTests.library(["a/first.jpg": "formats/tiny-88x64.jpg", "a/second.jpg": "cameras/kodak-dc240.jpg"])
        let output = try Corpus.scratch("site")
        let terminal = try Self.terminal(input, output)
        func wait(_ condition: (String) -> Bool) -> Bool { terminal.wait(timeout: 60) { output, _ in condition(output) } }
        #expect(wait { $0.contains("serving http://") }, "\(terminal.standardOutput)")
        #expect(terminal.standardOutput.contains("/2  "), "the progress line: [####----] n/2  time  photo")
        // A large photo: the rebuild is still running when Ctrl-C comes.
        try FileManager.default.copyItem(at: Corpus.photo("large/string.jpg"), to: input.appending(path: "a/large.jpg"))
        #expect(wait { $0.contains("changed: a/large.jpg") })
        // Ctrl-C as soon as the rebuild's line says it is at the large photo
        // and not done: a fixed pause lost the race on a fast machine, where
        // the whole rebuild took 0.9 s.
        let atLargePhoto = { (screen: String) in
            screen.components(separatedBy: "\r\u{1B}[K").contains { $0.hasSuffix("a/large.jpg") && $0.contains("/3  ") && !$0.contains("3/3") }
        }
        #expect(wait(atLargePhoto), "the rebuild's progress line: \(terminal.standardOutput.suffix(300).debugDescription)")
        try Self.pressControlC(terminal)
        #expect(wait { $0.contains("\r\u{1B}[Kstopped during a build") }, "on a line of its own: \(terminal.standardOutput.suffix(400).debugDescription)")
        #expect(terminal.child.status == 130 && !FileManager.default.fileExists(atPath: output.appending(path: OutputLock.fileName).path))
    }
}
