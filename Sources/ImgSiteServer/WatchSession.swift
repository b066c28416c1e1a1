import Foundation
import ImgSiteCore
import ImgSiteMedia
import Synchronization

/// `imgsite watch`: one build, then the site served on loopback while the
/// photos, templates and config are watched. Changes are merged into as few
/// rebuilds as possible (`RebuildCoordinator`), each incremental; open pages
/// reload after a good one and show the error over the last good site after
/// a failed one. The output folder stays locked for the whole session.
public struct WatchSession: Sendable {
    /// How to resolve the build's options (again at each rebuild: the config may change).
    public var resolve: @Sendable () throws(BuildError) -> BuildOptions
    public var host: String
    public var port: Int
    /// What reports one build in the terminal: made afresh for each build.
    public var reporter: @Sendable () -> BuildReporter
    /// A line for the terminal (changes, errors, the address).
    public var say: @Sendable (String) -> Void
    /// How long a changed photo must stay unchanged before it is built: a
    /// copy written in pieces, closed between them, is not built half-written.
    public var settleTime: Duration = .milliseconds(600)

    public init(
        resolve: @escaping @Sendable () throws(BuildError) -> BuildOptions, host: String, port: Int,
        reporter: @escaping @Sendable () -> BuildReporter, say: @escaping @Sendable (String) -> Void
    ) {
        self.resolve = resolve
        self.host = host
        self.port = port
        self.reporter = reporter
        self.say = say
    }

    /// Runs until cancellation, or with `handlingSignals` until SIGINT/SIGTERM
    /// ends the process (`Interruption`);
    /// `onReady` gets the port once the first build is done and the server listens.
    public func run(handlingSignals: Bool = true, onReady: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let options = try resolve()
        try PortCheck.free(host: host, port: port)
        let lock = try OutputLock.acquire(options.output, waiting: false)
        defer { lock.release() }
        let live = LiveReload()
        let building = BuildingFlag()
        // From the first build on: Ctrl-C then says what was kept, lets the
        // lock go and ends with 130 (SIGTERM: 143).
        if handlingSignals { Interruption.handle { [say] _ in say(building.stopMessage) } }
        let firstBuild = await build(holding: lock, building: building)
        if case .failure(let error) = firstBuild { say("error: \(error)") }
        let configFile = options.configFile ?? options.input.appending(path: "imgsite.yml")
        let watched = WatchedPaths(
            folders: [options.input] + (options.templatesFolder.path.hasPrefix(options.input.path + "/") ? [] : [options.templatesFolder]),
            files: [configFile],
            excluded: [options.output, options.cacheFolder])
        let inputs = BuildInputs(templates: options.templatesFolder, config: configFile)
        let changed = ChangedPaths(root: options.input)
        let coordinator = RebuildCoordinator { [self] in
            // Changes that came while the last rebuild waited for its photos
            // were built by it: nothing is left to do.
            guard let paths = await changed.settled(for: settleTime) else { return }
            say("changed: " + changed.describe(paths))
            await rebuild(holding: lock, live: live, building: building)
        }
        let watcher = watched.watcher()
        try watcher.start { changes in
            let paths = changes.paths.filter { inputs.areRead($0, wasFolder: changes.folders.contains($0)) }
            guard !paths.isEmpty else { return }
            changed.add(paths)
            Task { await coordinator.request(finished: !changes.mayBeWriting) }
        }
        defer { watcher.stop() }
        let server = SiteServer(folder: try SiteFolder(options.output), host: host, port: port, liveReload: live)
        try await server.run { port in
            let urls = ServedAddresses.urls(host: host, port: port)
            say("serving \(urls.joined(separator: ", ")) — watching \(options.input.path) for changes (Ctrl-C stops)")
            for line in ServedAddresses.lines(site: options.output, urls: urls) { say(line) }
            await onReady(port)
        }
        say(building.stopMessage)
    }

    /// A rebuild: the summary or the error in the terminal, and on the open pages.
    private func rebuild(holding lock: OutputLock, live: LiveReload, building: BuildingFlag) async {
        switch await build(holding: lock, building: building) {
        case .failure(let error):
            say("error: \(error) (the site stays as it was)")
            await live.send(.failed("\(error)"))
        case .success(let summary) where !summary.failed.isEmpty:
            await live.send(.failed("\(summary.failed.count) image(s) failed:\n" + summary.failed.map { "\($0)" }.joined(separator: "\n")))
            await live.send(.reload)
        case .success:
            await live.send(.ok)
            await live.send(.reload)
        }
    }

    /// One build, on its own thread (libvips calls block), with the lock held.
    private func build(holding lock: OutputLock, building: BuildingFlag) async -> Result<BuildSummary, BuildError> {
        let (resolve, report) = (self.resolve, reporter())
        building.isOn = true
        defer { building.isOn = false }
        return await withCheckedContinuation { continuation in
            Thread {
                let result = Result { () throws(BuildError) -> BuildSummary in
                    var options = try resolve()
                    options.keepsBudgetPlanThroughEdits = true
                    return try BuildPipeline(options: options, observe: report.observe).run(holding: lock)
                }
                FreedMemory.giveBack()  // the session stays, idle, until the next change
                switch result {
                case .success(let summary): report.finish(summary)
                case .failure: report.abandon()
                }
                continuation.resume(returning: result)
            }.start()
        }
    }
}

/// How the terminal hears of one build: its events, then its summary (or
/// that it ended in an error, said by the session).
public struct BuildReporter: Sendable {
    public var observe: @Sendable (BuildEvent) -> Void
    public var finish: @Sendable (BuildSummary) -> Void
    public var abandon: @Sendable () -> Void

    public init(
        observe: @escaping @Sendable (BuildEvent) -> Void, finish: @escaping @Sendable (BuildSummary) -> Void,
        abandon: @escaping @Sendable () -> Void = {}
    ) {
        self.observe = observe
        self.finish = finish
        self.abandon = abandon
    }
}

/// Whether a build is running, for what Ctrl-C says.
private final class BuildingFlag: Sendable {
    private let state = Mutex(false)

    var isOn: Bool {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }

    var stopMessage: String {
        isOn ? "stopped during a build: what it finished is kept, the next build does the rest" : "stopped"
    }
}
