import Foundation
import GRDB

/// What the cache holds, for `imgsite cache info` and pruning.
public struct CacheStatistics: Sendable, Equatable {
    public var outputFolders: [String] = []
    public var images = 0
    public var variants = 0
    public var variantBytes = 0
    /// Entries no output folder's journal uses.
    public var unreferencedVariants = 0
    public var unreferencedBytes = 0
}

extension BuildStore {
    /// Every output folder the journal knows, and whether it still exists.
    func outputFolders() throws -> [String] {
        try pool.read { db in try String.fetchAll(db, sql: "SELECT DISTINCT root FROM built ORDER BY root") }
    }

    /// Drops the journal of output folders that no longer exist: what only
    /// they used becomes unreferenced.
    func forgetMissingOutputFolders() throws -> [String] {
        let gone = try outputFolders().filter { !FileManager.default.fileExists(atPath: $0) }
        try pool.write { db in
            for folder in gone {
                for table in ["built", "site_files", "pages"] {
                    try db.execute(sql: "DELETE FROM \(table) WHERE root = ?", arguments: [folder])
                }
                try db.execute(sql: "DELETE FROM meta WHERE name = ?", arguments: ["clean " + folder])
            }
        }
        return gone
    }

    /// Every cache key some journal entry uses.
    func referencedKeys() throws -> Set<String> {
        try pool.read { db in
            var keys = Set<String>()
            let rows = try String.fetchCursor(db, sql: "SELECT keys FROM built")
            while let list = try rows.next() { for key in list.split(separator: " ") { keys.insert(String(key)) } }
            return keys
        }
    }

    func statistics() throws -> CacheStatistics {
        let referenced = try referencedKeys()
        var statistics = CacheStatistics(outputFolders: try outputFolders())
        try pool.read { db in
            statistics.images = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM images") ?? 0
            let rows = try Row.fetchCursor(db, sql: "SELECT key, bytes FROM variants")
            while let row = try rows.next() {
                let bytes: Int = row["bytes"]
                statistics.variants += 1
                statistics.variantBytes += bytes
                if !referenced.contains(row["key"]) {
                    statistics.unreferencedVariants += 1
                    statistics.unreferencedBytes += bytes
                }
            }
        }
        return statistics
    }

    /// Removes unreferenced entries last used before `cutoff` (seconds since
    /// 1970); returns the objects of the removed variants, for deletion.
    func removeUnreferenced(usedBefore cutoff: Int64) throws -> [String] {
        let referenced = try referencedKeys()
        return try pool.write { db in
            var objects: [String] = []
            for table in ["images", "variants", "placeholders"] {
                let sql = table == "variants" ? "SELECT key, object FROM variants WHERE used_at < ?" : "SELECT key, '' AS object FROM \(table) WHERE used_at < ?"
                let stale = try Row.fetchAll(db, sql: sql, arguments: [cutoff]).filter { !referenced.contains($0["key"]) }
                for row in stale {
                    try db.execute(sql: "DELETE FROM \(table) WHERE key = ?", arguments: [row["key"] as String])
                    if table == "variants" { objects.append(row["object"]) }
                }
            }
            // Content hashes of files that are gone are of no use any more.
            let sources = try String.fetchAll(db, sql: "SELECT path FROM sources")
            for path in sources where !FileManager.default.fileExists(atPath: path) {
                try db.execute(sql: "DELETE FROM sources WHERE path = ?", arguments: [path])
            }
            return objects
        }
    }

    /// Every object name the database knows.
    func knownObjects() throws -> Set<String> {
        try pool.read { db in Set(try String.fetchAll(db, sql: "SELECT object FROM variants")) }
    }

    func meta(_ name: String) throws -> String? {
        try pool.read { db in try String.fetchOne(db, sql: "SELECT value FROM meta WHERE name = ?", arguments: [name]) }
    }

    func setMeta(_ name: String, _ value: String) throws {
        try pool.write { db in try db.execute(sql: "INSERT OR REPLACE INTO meta (name, value) VALUES (?, ?)", arguments: [name, value]) }
    }
}
