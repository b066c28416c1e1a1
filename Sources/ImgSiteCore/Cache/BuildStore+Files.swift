import GRDB

extension BuildStore {
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
                try db.execute(sql: "DELETE FROM pages WHERE root = ? AND path = ?", arguments: [root, path])
            }
        }
    }
}
