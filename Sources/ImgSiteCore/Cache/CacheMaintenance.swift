import Foundation

/// `imgsite cache info` and `imgsite cache prune`: the cache folder on its own.
public enum CacheMaintenance {
    /// What the cache at `folder` holds.
    public static func info(cacheFolder folder: URL) throws(BuildError) -> CacheStatistics {
        let store = try BuildStore(folder: folder, root: URL(fileURLWithPath: "/"))
        do {
            return try store.statistics()
        } catch {
            throw BuildError(.config, path: folder.path, "build database cannot be read: \(error)")
        }
    }

    /// Prunes now, keeping unreferenced entries used within `retentionDays`.
    public static func prune(cacheFolder folder: URL, retentionDays: Int) throws(BuildError) -> CachePruner.Report {
        let store = try BuildStore(folder: folder, root: URL(fileURLWithPath: "/"))
        do {
            return try CachePruner(store: store, objects: ObjectStore(cacheFolder: folder)).prune(retentionDays: retentionDays)
        } catch {
            throw BuildError(.prune, path: folder.path, "cache cannot be pruned: \(error)")
        }
    }
}
