import Foundation
import GRDB

/// The build database, `imgsite.sqlite` in the cache folder: SQLite in WAL
/// mode through GRDB, so a finished image is recorded in one small
/// transaction that survives `kill -9` at any moment.
///
/// - `built`: for each output folder, every source finished there, with the
///   identity of the source file and the settings it was built with. A build
///   that was killed resumes from it: only what is missing is done again.
/// - `site_files`: for each output folder, every file imgsite has written
///   there and not yet removed, recorded *before* the file is written. Pruning
///   removes what a build no longer makes even when `manifest.json` is lost.
///
/// Output folders are keyed by their resolved absolute path.
final class BuildStore: Sendable {
    static let fileName = "imgsite.sqlite"

    private let pool: DatabasePool
    let root: String

    /// Opens (or creates) the database in `folder`, for the output `root`.
    /// A database that cannot be read as one is set aside and started anew:
    /// it only saves work, and a new one costs a full build at most.
    init(folder: URL, root: URL) throws(BuildError) {
        self.root = root.resolvingSymlinksInPath().path
        let path = folder.appendingPathComponent(Self.fileName).path
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            pool = try Self.open(path)
        } catch let error as DatabaseError where [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode) {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            do { pool = try Self.open(path) } catch { throw BuildError(.config, path: path, "cannot be created: \(error)") }
        } catch {
            throw BuildError(.config, path: path, "cannot be opened: \(error)")
        }
    }

    private static func open(_ path: String) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.busyMode = .timeout(30)  // builds into other folders may share the cache
        configuration.prepareDatabase { db in
            // WAL: a commit is safe from a killed process at once; a power cut
            // may lose the last commits, never the database (those images are
            // simply built again).
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        try migrator.migrate(pool)
        return pool
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE built (
                  root TEXT NOT NULL, source TEXT NOT NULL,
                  size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL, inode INTEGER NOT NULL,
                  plan TEXT NOT NULL, result BLOB NOT NULL,
                  PRIMARY KEY (root, source));
                CREATE TABLE site_files (
                  root TEXT NOT NULL, path TEXT NOT NULL,
                  PRIMARY KEY (root, path));
                """)
        }
        return migrator
    }

    // MARK: Journal

    /// Everything finished in this output folder, by source path.
    func journal() throws -> [String: JournalEntry] {
        try pool.read { db in
            var entries: [String: JournalEntry] = [:]
            let rows = try Row.fetchCursor(
                db, sql: "SELECT source, size, mtime_ns, inode, plan, result FROM built WHERE root = ?", arguments: [root])
            let decoder = JSONDecoder()
            while let row = try rows.next() {
                // An entry that does not decode (written by another version) is just not reused.
                guard let result = try? decoder.decode(ProcessedImage.self, from: row["result"] as Data) else { continue }
                let identity = FileIdentity(size: row["size"], modifiedNanoseconds: row["mtime_ns"], inode: UInt64(row["inode"] as Int64))
                entries[row["source"]] = JournalEntry(identity: identity, plan: row["plan"], result: result)
            }
            return entries
        }
    }

    /// Records one finished image: one transaction.
    func recordFinished(_ entry: JournalEntry) throws {
        let result = try JSONEncoder().encode(entry.result)
        try pool.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO built (root, source, size, mtime_ns, inode, plan, result) VALUES (?, ?, ?, ?, ?, ?, ?)",
                arguments: [root, entry.result.source, entry.identity.size, entry.identity.modifiedNanoseconds,
                            Int64(bitPattern: entry.identity.inode), entry.plan, result])
        }
    }

    /// Drops the entries of sources that are gone from the input.
    func forget(sources: [String]) throws {
        guard !sources.isEmpty else { return }
        try pool.write { db in
            for source in sources {
                try db.execute(sql: "DELETE FROM built WHERE root = ? AND source = ?", arguments: [root, source])
            }
        }
    }

    // MARK: Files written

    /// Records files about to be written, so they can be found and pruned
    /// whatever happens next.
    func recordWriting(_ paths: some Sequence<String>) throws {
        try pool.write { db in
            for path in paths {
                try db.execute(sql: "INSERT OR IGNORE INTO site_files (root, path) VALUES (?, ?)", arguments: [root, path])
            }
        }
    }

    /// Every file recorded as written into this output folder.
    func writtenFiles() throws -> Set<String> {
        try pool.read { db in
            Set(try String.fetchAll(db, sql: "SELECT path FROM site_files WHERE root = ?", arguments: [root]))
        }
    }

    /// Forgets files that have been removed.
    func recordRemoved(_ paths: some Sequence<String>) throws {
        try pool.write { db in
            for path in paths {
                try db.execute(sql: "DELETE FROM site_files WHERE root = ? AND path = ?", arguments: [root, path])
            }
        }
    }
}

/// A source finished in an output folder: the file it was made from, the
/// settings that shaped it, and what was written.
struct JournalEntry: Sendable {
    var identity: FileIdentity
    /// `ImageSettings.key` when it was built.
    var plan: String
    var result: ProcessedImage
}
