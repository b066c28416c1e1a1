import Foundation
import ImgSiteCore

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
    /// Build events, for the terminal.
    public var observe: @Sendable (BuildEvent) -> Void
    /// A line for the terminal (rebuild summaries, changes, errors).
    public var say: @Sendable (String) -> Void

    public init(
        resolve: @escaping @Sendable () throws(BuildError) -> BuildOptions, host: String, port: Int,
        observe: @escaping @Sendable (BuildEvent) -> Void, say: @escaping @Sendable (String) -> Void
    ) {
        self.resolve = resolve
        self.host = host
        self.port = port
        self.observe = observe
        self.say = say
    }

    /// Runs until SIGINT/SIGTERM (`handlingSignals`) or cancellation;
    /// `onReady` gets the port once the first build is done and the server listens.
    public func run(handlingSignals: Bool = true, onReady: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let options = try resolve()
        let lock = try OutputLock.acquire(options.output, waiting: false)
        defer { lock.release() }
        let live = LiveReload()
        let firstBuild = await build(holding: lock)
        if case .failure(let error) = firstBuild { say("error: \(error)") }
        let watched = WatchedPaths(
            folders: [options.input] + (options.templatesFolder.path.hasPrefix(options.input.path + "/") ? [] : [options.templatesFolder]),
            files: [options.configFile ?? options.input.appending(path: "imgsite.yml")],
            excluded: [options.output, options.cacheFolder])
        let coordinator = RebuildCoordinator { await rebuild(holding: lock, live: live) }
        let watcher = watched.watcher()
        try watcher.start { changes in
            // One file saved is often several events (created, written, closed): name it once.
            var seen = Set<String>()
            let paths = changes.paths.filter { seen.insert($0).inserted }
            say("changed: " + paths.prefix(3).map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")
                + (paths.count > 3 ? " and \(paths.count - 3) more" : ""))
            Task { await coordinator.request(finished: !changes.mayBeWriting) }
        }
        defer { watcher.stop() }
        let server = SiteServer(folder: try SiteFolder(options.output), host: host, port: port, liveReload: live)
        try await server.run(handlingSignals: handlingSignals) { port in
            say("serving http://\(host):\(port)/ — watching \(options.input.path) for changes (Ctrl-C stops)")
            await onReady(port)
        }
    }

    /// A rebuild: the summary or the error in the terminal, and on the open pages.
    private func rebuild(holding lock: OutputLock, live: LiveReload) async {
        switch await build(holding: lock) {
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
    private func build(holding lock: OutputLock) async -> Result<BuildSummary, BuildError> {
        let (resolve, observe, say) = (self.resolve, self.observe, self.say)
        return await withCheckedContinuation { continuation in
            Thread {
                let result = Result { () throws(BuildError) -> BuildSummary in
                    try BuildPipeline(options: try resolve(), observe: observe).run(holding: lock)
                }
                FreedMemory.giveBack()  // the session stays, idle, until the next change
                if case .success(let summary) = result {
                    say("built \(summary.built), up to date \(summary.upToDate), failed \(summary.failed.count)"
                        + String(format: "; %.2f s", summary.seconds))
                }
                continuation.resume(returning: result)
            }.start()
        }
    }
}
