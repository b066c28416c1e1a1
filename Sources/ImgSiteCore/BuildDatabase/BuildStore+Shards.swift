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
        try pool.write { db in try recordBuilt(db, source: source, entry: entry, result: result) }
    }
}
