import Foundation
import GRDB

/// A source finished in an output folder: the file it was made from, the
/// settings that shaped it, the cache entries it uses, and what was written.
struct JournalEntry: Sendable {
    var identity: FileIdentity
    /// `ImageSettings.key` when it was built.
    var plan: String
    /// SHA-256 of the source's bytes.
    var content: String
    /// The cache keys (image, variants, placeholder) this entry uses: they
    /// stay in the cache while any output folder uses them.
    var keys: [String]
    var result: ProcessedImage
}

/// Everything one finished image adds to the database, written in one
/// transaction: its journal entry, the files it is about to place in the
/// output folder, the content hash of its source, and new cache entries.
struct FinishedImage: Sendable {
    var sourcePath: String
    var entry: JournalEntry
    var imageKey: String
    var record: ImageRecord
    var variants: [String: CachedVariant]
    var placeholder: (key: String, value: Placeholder)?
}

extension BuildStore {
    /// Everything finished in this output folder, by source path.
    func journal() throws -> [String: JournalEntry] {
        try pool.read { db in
            var entries: [String: JournalEntry] = [:]
            let rows = try Row.fetchCursor(
                db, sql: "SELECT source, size, mtime_ns, inode, plan, content, keys, result FROM built WHERE root = ?",
                arguments: [root])
            let decoder = JSONDecoder()
            while let row = try rows.next() {
                // An entry that does not decode (written by another version) is just not reused.
                guard let result = try? decoder.decode(ProcessedImage.self, from: row["result"] as Data) else { continue }
                let identity = FileIdentity(size: row["size"], modifiedNanoseconds: row["mtime_ns"], inode: UInt64(bitPattern: row["inode"]))
                entries[row["source"]] = JournalEntry(
                    identity: identity, plan: row["plan"], content: row["content"],
                    keys: (row["keys"] as String).split(separator: " ").map(String.init), result: result)
            }
            return entries
        }
    }

    /// Records one finished image: one transaction.
    func recordFinished(_ image: FinishedImage) throws {
        let encoder = JSONEncoder()
        let result = try encoder.encode(image.entry.result)
        let record = try encoder.encode(image.record)
        let placeholder = try image.placeholder.map { try encoder.encode($0.value) }
        let now = Self.now
        let (entry, identity) = (image.entry, image.entry.identity)
        try pool.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO sources (path, size, mtime_ns, inode, content) VALUES (?, ?, ?, ?, ?)",
                arguments: [image.sourcePath, identity.size, identity.modifiedNanoseconds, Int64(bitPattern: identity.inode), entry.content])
            try db.execute(
                sql: "INSERT OR REPLACE INTO images (key, record, used_at) VALUES (?, ?, ?)",
                arguments: [image.imageKey, record, now])
            for (key, variant) in image.variants {
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO variants (key, object, name_hash, format, width, height, bytes, used_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [key, variant.object, variant.nameHash, variant.format.rawValue, variant.width, variant.height, variant.bytes, now])
            }
            if let key = image.placeholder?.key, let placeholder {
                try db.execute(sql: "INSERT OR REPLACE INTO placeholders (key, value, used_at) VALUES (?, ?, ?)", arguments: [key, placeholder, now])
            }
            for variant in entry.result.variants {
                try db.execute(sql: "INSERT OR IGNORE INTO site_files (root, path) VALUES (?, ?)", arguments: [root, variant.path])
            }
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO built (root, source, size, mtime_ns, inode, plan, content, keys, result)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [root, entry.result.source, identity.size, identity.modifiedNanoseconds, Int64(bitPattern: identity.inode),
                            entry.plan, entry.content, entry.keys.joined(separator: " "), result])
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
}
