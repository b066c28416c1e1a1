import Foundation
import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Synchronization
import Testing

@Suite struct OutputLockTests {
    @Test("a second build into a locked folder refuses at once, naming the holder, and changes nothing")
    func refuses() throws {
        let input = try Corpus.scratch()
        try Corpus.copy([Corpus.photo("formats/tiny-88x64.jpg")], into: input, album: "a")
        let output = try Corpus.scratch("out")
        let held = try OutputLock.acquire(output, waiting: false)
        do {
            _ = try TestBuild.run(input: input, output: output)
            Issue.record("the build ran while the folder was locked")
        } catch let error as BuildError {
            #expect(error.step == .lock)
            #expect(error.reason.contains("pid \(getpid())") && error.reason.contains("--wait"), "\(error)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path) == [OutputLock.fileName])
        held.release()
        let site = try TestBuild.run(input: input, output: output)
        #expect(site.summary.built == 1)
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent(OutputLock.fileName).path),
                "the lock file is gone after the build")
    }

    @Test("with waiting, a build waits for the holder, then runs")
    func waits() throws {
        let output = try Corpus.scratch()
        let held = try OutputLock.acquire(output, waiting: false)
        let waited = Mutex<String?>(nil)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { held.release() }
        let start = Date()
        let lock = try OutputLock.acquire(output, waiting: true) { holder in waited.withLock { $0 = holder } }
        #expect(Date().timeIntervalSince(start) >= 0.25)
        #expect(waited.withLock { $0 }?.contains("pid") == true)
        lock.release()
    }

    @Test("a lock file left by a dead process is taken over")
    func staleLock() throws {
        let output = try Corpus.scratch()
        // What a build killed with SIGKILL leaves: the file, with no process holding its lock.
        try "pid 999999, `imgsite build`, started 2020-01-01T00:00:00Z\n"
            .write(to: output.appendingPathComponent(OutputLock.fileName), atomically: true, encoding: .utf8)
        let lock = try OutputLock.acquire(output, waiting: false)
        let text = try String(contentsOf: output.appendingPathComponent(OutputLock.fileName), encoding: .utf8)
        #expect(text.hasPrefix("pid \(getpid()),"))
        lock.release()
    }
}
