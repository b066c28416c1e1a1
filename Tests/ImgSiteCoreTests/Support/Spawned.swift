import Foundation
import Synchronization

/// A child process started with `posix_spawn` and watched by `waitpid` on its
/// own pid: the way every test starts a program.
///
/// Not Foundation's `Process`: on Linux it learns that a child ended when a
/// socket the child inherited closes, and a process another test spawns in
/// the same instant can inherit that socket too; then the end is never seen
/// (swift-corelibs-foundation issue 4795). A killed build waited on that
/// way held CI until its deadline, twice. `waitpid` cannot miss the end.
final class Spawned: Sendable {
    let pid: pid_t
    /// The raw wait status once the child has ended.
    private let ended = Mutex<Int32?>(nil)

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// Starts `executable arguments…` with `environment` (nil: this
    /// process's), its standard streams on the three descriptors given. The
    /// child keeps no other descriptor of this process.
    init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
         input: Int32, output: Int32, errors: Int32) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, target) in [(input, Int32(0)), (output, 1), (errors, 2)] {
            posix_spawn_file_actions_adddup2(&actions, descriptor, target)
        }
        Self.closeTheRest(&actions)

        let environment = environment ?? ProcessInfo.processInfo.environment
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var child = pid_t()
        let status = posix_spawn(&child, executable, &actions, nil, argv, envp)
        guard status == 0 else { throw Failure(description: "cannot start \(executable): \(String(cString: strerror(status)))") }
        pid = child

        // The thread keeps this object until the child ends.
        Thread { [self] in
            var status: Int32 = 0
            while waitpid(self.pid, &status, 0) == -1 && errno == EINTR {}
            ended.withLock { $0 = status }
        }.start()
    }

    /// Descriptors 3 and up are closed in the child (glibc 2.34's
    /// `addclosefrom_np`, which Swift's Glibc module does not show): an
    /// inherited lock or listening socket would outlive the test that made it.
    private static func closeTheRest(_ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
    }

    var isRunning: Bool { ended.withLock { $0 } == nil }

    /// Waits up to `timeout` seconds (nil: for ever); true when it has ended.
    @discardableResult
    func wait(timeout: Double? = nil) -> Bool {
        let deadline = timeout.map { Date().addingTimeInterval($0) }
        while isRunning {
            if let deadline, Date() >= deadline { return false }
            usleep(5_000)
        }
        return true
    }

    /// The exit code, or the signal's number when a signal ended it.
    var status: Int32 {
        let raw = ended.withLock { $0 } ?? 0
        return killedBySignal ? raw & 0x7f : (raw >> 8) & 0xff
    }

    var killedBySignal: Bool {
        guard let raw = ended.withLock({ $0 }) else { return false }
        return raw & 0x7f != 0 && raw & 0x7f != 0x7f
    }

    func signal(_ number: Int32) {
        if isRunning { kill(pid, number) }
    }

    /// SIGTERM, then SIGKILL if it is still there `grace` seconds later; waits
    /// for the end.
    func stop(grace: Double = 5) {
        signal(SIGTERM)
        if !wait(timeout: grace) { signal(SIGKILL) }
        wait()
    }
}

/// A file a child's stream goes to, read as it grows.
struct StreamFile {
    let url: URL
    let descriptor: Int32

    init(_ url: URL) throws {
        self.url = url
        descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Spawned.Failure(description: "cannot open \(url.path): errno \(errno)") }
    }

    var text: String { String(decoding: data, as: UTF8.self) }
    var data: Data { (try? Data(contentsOf: url)) ?? Data() }

    func close() { Glibc.close(descriptor) }
}
