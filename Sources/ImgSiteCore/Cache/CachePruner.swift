import Foundation

/// Keeps the cache folder from growing without end. The policy:
/// - an entry is live while the journal of any output folder uses it
///   (folders that no longer exist do not count);
/// - an entry no folder uses is removed once unused for `retentionDays`
///   (30 by default), with its object file: switching settings or a branch
///   back within that time still costs no encode;
/// - an object file with no entry (a build killed between storing a file
///   and recording it) is removed once a day old;
/// - a RAW file's preview (`RawPreview`) and a clip's poster frame
///   (`ClipSource`) are removed `retentionDays` after they were written: a
///   build that needs one again writes it again.
/// Builds run it at most once a day; `imgsite cache prune` runs it at once.
public struct CachePruner: Sendable {
    public static let defaultRetentionDays = 30
    static let interval: Int64 = 24 * 3600

    let store: BuildStore
    let objects: ObjectStore

    /// What one pruning removed.
    public struct Report: Sendable, Equatable {
        public var forgottenOutputFolders: [String] = []
        public var removedObjects = 0
        public var removedBytes = 0
    }

    /// Runs the policy; `retentionDays: 0` removes every unreferenced entry.
    func prune(retentionDays: Int = CachePruner.defaultRetentionDays, now: Int64 = BuildStore.now) throws -> Report {
        var report = Report()
        report.forgottenOutputFolders = try store.forgetMissingOutputFolders()
        let cutoff = retentionDays == 0 ? Int64.max : now - Int64(retentionDays) * 24 * 3600
        for object in try store.removeUnreferenced(usedBefore: cutoff) {
            report.removedBytes += remove(objects.url(object))
            report.removedObjects += 1
        }
        let known = try store.knownObjects()
        for file in orphans(known: known, olderThan: now - Self.interval) {
            report.removedBytes += remove(file)
            report.removedObjects += 1
        }
        for file in previews(olderThan: cutoff) {
            report.removedBytes += remove(file)
            report.removedObjects += 1
        }
        try store.setMeta("last prune", String(now))
        return report
    }

    /// Prunes if the last pruning is over a day old (at the end of a build).
    /// A cache never pruned starts its day now: a new one has nothing to
    /// remove, and walking its objects cost 1.5 ms of a 0.4 s first build.
    func pruneIfDue(now: Int64 = BuildStore.now) throws -> Report? {
        guard let last = try store.meta("last prune").flatMap({ Int64($0) }) else {
            try store.setMeta("last prune", String(now))
            return nil
        }
        return now - last >= Self.interval ? try prune(now: now) : nil
    }

    private func orphans(known: Set<String>, olderThan cutoff: Int64) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: objects.folder, includingPropertiesForKeys: [.contentModificationDateKey]) else {
            return []
        }
        var files: [URL] = []
        for case let url as URL in enumerator where url.lastPathComponent.count > 2 && !known.contains(url.lastPathComponent) {
            let modified = (try? url.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? .distantFuture
            if Int64(modified.timeIntervalSince1970) < cutoff, (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                files.append(url)
            }
        }
        return files
    }

    /// RAW files' previews and clips' poster frames written before `cutoff`
    /// (a build that needs one again writes it again).
    private func previews(olderThan cutoff: Int64) -> [URL] {
        let cache = objects.folder.deletingLastPathComponent()
        let files = [CacheFolder(cache).rawPreviews, CacheFolder(cache).clipPosters].flatMap { room in
            (try? FileManager.default.contentsOfDirectory(at: room, includingPropertiesForKeys: [.contentModificationDateKey])) ?? []
        }
        return files.filter { file in
            let modified = (try? file.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? .distantFuture
            return Int64(modified.timeIntervalSince1970) < cutoff
        }
    }

    private func remove(_ url: URL) -> Int {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        return (try? FileManager.default.removeItem(at: url)) != nil ? size : 0
    }
}
