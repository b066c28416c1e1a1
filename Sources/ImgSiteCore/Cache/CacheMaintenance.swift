import Foundation
import ImgSiteMedia

/// `imgsite cache info` and `imgsite cache prune`: the cache folder on its own.
public enum CacheMaintenance {
    /// What the cache at `folder` holds.
    public static func info(cacheFolder folder: URL) throws(BuildError) -> CacheStatistics {
        try stamping(.cache) { () throws(BuildError) in
            let store = try BuildStore(folder: folder, root: URL(fileURLWithPath: "/"))
            return try buildDatabase(.read, at: folder.path) { try store.statistics() }
        }
    }

    /// Prunes now, keeping unreferenced entries used within `retentionDays`.
    public static func prune(cacheFolder folder: URL, retentionDays: Int) throws(BuildError) -> CachePruner.Report {
        try stamping(.cache) { () throws(BuildError) in
            let store = try BuildStore(folder: folder, root: URL(fileURLWithPath: "/"))
            do {
                return try CachePruner(store: store, objects: ObjectStore(cacheFolder: folder)).prune(retentionDays: retentionDays)
            } catch {
                throw BuildError(path: folder.path, "cache cannot be pruned: \(error)")
            }
        }
    }
}
