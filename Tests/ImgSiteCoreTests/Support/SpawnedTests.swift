import Foundation
import Testing

/// How every test starts a program: the end is seen however the child ends,
/// and the child holds no descriptor of the test process but its streams.
@Suite struct SpawnedTests {
    @Test("a child sees only its three streams, however many the test process holds open")
    func onlyThreeStreams() throws {
        // Opened without close-on-exec, as a library or another test may.
        let marker = try Corpus.scratch("marker").appending(path: "held")
        try Data().write(to: marker)
        let held = (0..<8).map { _ in open(marker.path, O_RDONLY) }
        defer { for descriptor in held { close(descriptor) } }
        let run = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "ls -l /proc/$$/fd"])
        let listing = String(decoding: run.output, as: UTF8.self)
        #expect(held.allSatisfy { $0 >= 0 } && listing.contains("0 ->") && !listing.contains(marker.path), "\(listing)")
    }

    @Test("exit codes, signals, and a run past its timeout killed and said so")
    func endings() throws {
        let shell = URL(fileURLWithPath: "/bin/sh")
        let exited = try ChildProcess.run(shell, ["-c", "exit 3"])
        #expect(exited.status == 3 && !exited.killedBySignal)
        let killed = try ChildProcess.run(shell, ["-c", "kill -9 $$"])
        #expect(killed.status == 9 && killed.killedBySignal)
        let slow = try ChildProcess.run(shell, ["-c", "sleep 30"], timeout: 0.5)
        #expect(slow.timedOut && slow.killedBySignal)
    }
}
