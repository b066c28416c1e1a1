import Foundation
import GRDB
import ImgSiteMedia

/// The build database, `imgsite.sqlite` in the cache folder: SQLite in WAL
/// mode through GRDB. A finished image is recorded in one small transaction
/// that survives `kill -9` at any moment.
///
/// Per output folder (`root`, its resolved path):
/// - `built`, the journal: every source finished there, with its file
///   identity, content hash and settings key (`BuildStore+Journal`);
/// - `site_files` and `pages`: every file imgsite wrote there, recorded before
///   it is written, and each page's input digest (`BuildStore+Files`).
///
/// Shared by all output folders, the content-addressed cache
/// (`BuildStore+Cache`): `sources` (file identity → content hash), `images`,
/// `variants` and `placeholders` by cache key (`CacheKey`); the encoded
/// files themselves are in `ObjectStore`.
final class BuildStore: Sendable {
    let pool: DatabasePool
    let root: String

    /// Opens (or creates) the database in `folder`, for the output `root`.
    /// A database that cannot be read as one is set aside and started anew:
    /// it only saves work, and a new one costs a full build at most.
    init(folder: URL, root: URL) throws(BuildError) {
        self.root = root.resolvingSymlinksInPath().path
        let path = CacheFolder(folder).database.path
        let objects = ObjectStore(cacheFolder: folder)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            pool = try Self.open(path, objects: objects)
        } catch let error as DatabaseError where [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode) {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            do { pool = try Self.open(path, objects: objects) } catch { throw BuildError(path: path, "cannot be created: \(error)") }
        } catch {
            throw BuildError(path: path, "cannot be opened: \(error)")
        }
    }

    private static func open(_ path: String, objects: ObjectStore) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.busyMode = .timeout(30)  // builds into other folders may share the cache
        configuration.prepareDatabase { db in
            // WAL: a commit is safe from a killed process at once; a power cut
            // may lose the last commits, never the database (those images are
            // simply built again).
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        try migrator(objects: objects).migrate(pool)
        return pool
    }

    private static func migrator(objects: ObjectStore) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE built (
                  root TEXT NOT NULL, source TEXT NOT NULL,
                  size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL, inode INTEGER NOT NULL,
                  plan TEXT NOT NULL, content TEXT NOT NULL, keys TEXT NOT NULL,
                  digest TEXT NOT NULL, capture_date TEXT, files TEXT NOT NULL, result BLOB NOT NULL,
                  PRIMARY KEY (root, source));
                CREATE TABLE site_files (root TEXT NOT NULL, path TEXT NOT NULL, PRIMARY KEY (root, path));
                CREATE TABLE pages (root TEXT NOT NULL, path TEXT NOT NULL, digest TEXT NOT NULL, PRIMARY KEY (root, path));
                CREATE TABLE sources (
                  path TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL, inode INTEGER NOT NULL,
                  content TEXT NOT NULL);
                CREATE TABLE images (key TEXT PRIMARY KEY, record BLOB NOT NULL, used_at INTEGER NOT NULL);
                CREATE TABLE variants (
                  key TEXT PRIMARY KEY, object TEXT NOT NULL, name_hash TEXT NOT NULL, format TEXT NOT NULL,
                  width INTEGER NOT NULL, height INTEGER NOT NULL, bytes INTEGER NOT NULL, used_at INTEGER NOT NULL);
                CREATE TABLE placeholders (key TEXT PRIMARY KEY, value BLOB NOT NULL, used_at INTEGER NOT NULL);
                CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
                """)
        }
        migrator.registerMigration("v2: warnings in the journal") { db in
            try db.execute(sql: "ALTER TABLE built ADD COLUMN warnings TEXT NOT NULL DEFAULT ''")
        }
        // Under the database's write lock: a build sharing the cache waits.
        migrator.registerMigration("v3: objects in 16 folders") { _ in try objects.regroupTwoCharacterFolders() }
        migrator.registerMigration("v4: sidecar titles and hidden photos") { db in
            try db.execute(sql: "ALTER TABLE built ADD COLUMN title TEXT")
            try db.execute(sql: "ALTER TABLE built ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0")
            // Their sidecars were read before title: and hidden: were known: read them again (no encode).
            try db.execute(sql: "UPDATE built SET plan = '' WHERE plan LIKE '% sidecar %'")
        }
        return migrator
    }

    /// Seconds since 1970, for `used_at`.
    static var now: Int64 { Int64(Date().timeIntervalSince1970) }
}
