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

    /// Whether any file is recorded as written into this output folder.
    func hasWrittenFiles() throws -> Bool {
        try pool.read { db in try Bool.fetchOne(db, sql: "SELECT 1 FROM site_files WHERE root = ? LIMIT 1", arguments: [root]) ?? false }
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

extension BuildStore {
    /// The digest each page had when it was last written here.
    func pageDigests() throws -> [String: String] {
        try pool.read { db in
            var digests: [String: String] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT path, digest FROM pages WHERE root = ?", arguments: [root])
            while let row = try rows.next() { digests[row["path"]] = row["digest"] }
            return digests
        }
    }

    /// Forgets the digests of pages about to be written: a build killed
    /// while it writes them must not leave a page of new bytes under an old
    /// digest, which a later build with the old inputs would take as
    /// written (its page would show files no longer there).
    func forgetPages(_ paths: [String]) throws {
        guard !paths.isEmpty else { return }
        try pool.write { db in
            for path in paths {
                try db.execute(sql: "DELETE FROM pages WHERE root = ? AND path = ?", arguments: [root, path])
            }
        }
    }

    /// Records the digests of pages now on disk.
    func recordPages(_ digests: [(path: String, digest: String)]) throws {
        guard !digests.isEmpty else { return }
        try pool.write { db in
            for page in digests {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO pages (root, path, digest) VALUES (?, ?, ?)", arguments: [root, page.path, page.digest])
            }
        }
    }

    /// Whether the last build into this folder ran to its end. A build
    /// clears it as it starts and sets it as it ends, so a killed build
    /// leaves it cleared and the next one checks everything.
    func isClean() throws -> Bool {
        try pool.read { db in try String.fetchOne(db, sql: "SELECT value FROM meta WHERE name = ?", arguments: ["clean " + root]) == "1" }
    }

    func setClean(_ clean: Bool) throws {
        try pool.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO meta (name, value) VALUES (?, ?)", arguments: ["clean " + root, clean ? "1" : "0"])
        }
    }
}
