import Foundation
import GRDB

extension BuildStore {
    /// The content hashes the journal records for `sources` in this folder.
    func contents(_ sources: [String]) throws -> [String: String] {
        let wanted = Set(sources)
        return try pool.read { db in
            var contents: [String: String] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT source, content FROM built WHERE root = ?", arguments: [root])
            while let row = try rows.next() {
                let source: String = row["source"]
                if wanted.contains(source) { contents[source] = row["content"] }
            }
            return contents
        }
    }

    /// Records an image taken from a shard's output (`--merge`): its journal
    /// entry, record and files, in one transaction. No cache entries: the
    /// shard's cache holds them, and this machine encoded nothing.
    func recordMerged(source: String, entry: JournalEntry, result: Data) throws {
        let identity = entry.identity
        try pool.write { db in
            for file in entry.files {
                try db.execute(sql: "INSERT OR IGNORE INTO site_files (root, path) VALUES (?, ?)", arguments: [root, String(file)])
            }
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO built (root, source, size, mtime_ns, inode, plan, content, keys, digest, capture_date, files, result)
                    VALUES (?, ?, ?, ?, ?, ?, ?, '', ?, ?, ?, ?)
                    """,
                arguments: [root, source, identity.size, identity.modifiedNanoseconds, Int64(bitPattern: identity.inode), entry.plan,
                            entry.content, entry.summary.digest, entry.summary.captureDate, entry.fileLines, result])
        }
    }
}
