import Foundation
import GRDB
import ImgSiteMedia
import ImgSitePlanning

/// A source finished in an output folder, as the next build reads it: the
/// file it was made from, the settings that shaped it, the cache entries it
/// uses, and its summary. The full record stays in the database until a page
/// needs it.
struct JournalEntry: Sendable {
    var identity: FileIdentity
    /// `ImageSettings.key` when it was built.
    var plan: String
    /// SHA-256 of the source's bytes.
    var content: String
    /// The cache keys (image, variants, placeholder) this entry uses: they
    /// stay in the cache while any output folder uses them. Written, not
    /// read back with the journal (the cache's pruning reads them itself).
    var keys: [String]
    var summary: ImageSummary
    /// Its variant files, relative to the output folder, one per line: kept
    /// as read, since a no-op build of 100,000 photos only scans them once.
    var fileLines: String
    /// The damage it was built despite: reported by every build that keeps
    /// it, so a warm CI run fails under `--fail-on warning` as the cold one did.
    var warnings: [String]

    init(identity: FileIdentity, plan: String, content: String, keys: [String], summary: ImageSummary, files: [String], warnings: [String]) {
        self.init(identity: identity, plan: plan, content: content, keys: keys, summary: summary,
                  fileLines: files.joined(separator: "\n"), warnings: warnings)
    }

    init(identity: FileIdentity, plan: String, content: String, keys: [String], summary: ImageSummary, fileLines: String, warnings: [String]) {
        self.identity = identity
        self.plan = plan
        self.content = content
        self.keys = keys
        self.summary = summary
        self.fileLines = fileLines
        self.warnings = warnings
    }

    /// Warnings in one column (they hold no control characters: `LoaderMessage` condenses them).
    static let warningSeparator = "\u{1F}"

    var files: [Substring] { fileLines.split(separator: "\n") }
}

/// Everything one finished image adds to the database, written in one
/// transaction: its journal entry and full record, the files it is about to
/// place in the output folder, the content hash of its source, and new cache
/// entries.
struct FinishedImage: Sendable {
    /// The source, relative to the input (the journal's key) and absolute.
    var source: String
    var sourcePath: String
    var entry: JournalEntry
    /// The record as JSON (`ImageSummary.encode`).
    var result: Data
    var imageKey: String
    var record: ImageRecord
    var variants: [String: CachedVariant]
    var placeholder: (key: String, value: Placeholder)?
}

extension BuildStore {
    /// Everything finished in this output folder, by source path: small
    /// columns only, no full record.
    func journal() throws -> [String: JournalEntry] {
        try pool.read { db in
            var entries: [String: JournalEntry] = [:]
            let rows = try Row.fetchCursor(
                db, sql: """
                    SELECT source, size, mtime_ns, inode, plan, content, digest, capture_date, files, warnings, title, hidden
                    FROM built WHERE root = ?
                    """,
                arguments: [root])
            // Columns by position: the named lookup costs more than the decoding at 100,000 rows.
            while let row = try rows.next() {
                let identity = FileIdentity(size: row[1], modifiedNanoseconds: row[2], inode: UInt64(bitPattern: row[3]))
                entries[row[0]] = JournalEntry(
                    identity: identity, plan: row[4], content: row[5], keys: [],
                    summary: ImageSummary(digest: row[6], captureDate: row[7], title: row[10], hidden: row[11]),
                    fileLines: row[8], warnings: (row[9] as String).isEmpty ? [] : (row[9] as String).components(separatedBy: JournalEntry.warningSeparator))
            }
            return entries
        }
    }

    /// The sources last built into this output folder sealed in a private
    /// album (their plan names its lock, `ImageJob.journalPlan`): read even
    /// under `--force`, so no build publishes one in plain unasked.
    func sealedSources() throws -> [(source: String, identity: FileIdentity)] {
        try pool.read { db in
            try Row.fetchAll(db, sql: "SELECT source, size, mtime_ns, inode FROM built WHERE root = ? AND plan LIKE '% sealed:%'", arguments: [root])
                .map { row in (row[0], FileIdentity(size: row[1], modifiedNanoseconds: row[2], inode: UInt64(bitPattern: row[3]))) }
        }
    }

    /// The full records of `sources`, read in batches.
    func results(_ sources: [String]) throws -> [String: ProcessedImage] {
        var results: [String: ProcessedImage] = [:]
        try forEachResult(sources) { results[$0.source] = $0 }
        return results
    }

    /// Each full record of `sources` in their order, decoded a batch at a
    /// time: memory stays the size of a batch, whatever the site's size.
    func forEachResult(_ sources: [String], _ body: (ProcessedImage) throws -> Void) throws {
        let decoder = JSONDecoder()
        try forEachResultBatch(sources) { batch, bySource in
            for source in batch {
                if let json = bySource[source], let image = try? decoder.decode(ProcessedImage.self, from: json) { try body(image) }
            }
        }
    }

    /// The records' JSON of `sources` in their order (for the manifest), a batch at a time.
    func resultJSON(_ sources: [String], each: (Data) throws -> Void) throws {
        try forEachResultBatch(sources) { batch, bySource in
            for source in batch { if let json = bySource[source] { try each(json) } }
        }
    }

    /// The stored record JSON of `sources`, 500 at a time (SQLite's bound on parameters).
    private func forEachResultBatch(_ sources: [String], _ body: ([String], [String: Data]) throws -> Void) throws {
        for start in stride(from: 0, to: sources.count, by: 500) {
            let batch = Array(sources[start..<min(start + 500, sources.count)])
            let rows = try pool.read { db in
                try Row.fetchAll(
                    db, sql: "SELECT source, result FROM built WHERE root = ? AND source IN (\(Array(repeating: "?", count: batch.count).joined(separator: ",")))",
                    arguments: StatementArguments([root] + batch))
            }
            try body(batch, Dictionary(uniqueKeysWithValues: rows.map { ($0["source"] as String, $0["result"] as Data) }))
        }
    }

    /// Records one finished image: one transaction.
    func recordFinished(_ image: FinishedImage) throws {
        let encoder = JSONEncoder()
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
            // Entries served from the cache count as used now (pruning goes by last use).
            let marks = Array(repeating: "?", count: entry.keys.count).joined(separator: ",")
            for table in ["variants", "placeholders"] where !entry.keys.isEmpty {
                try db.execute(sql: "UPDATE \(table) SET used_at = ? WHERE key IN (\(marks))", arguments: StatementArguments([now] + entry.keys))
            }
            try recordBuilt(db, source: image.source, entry: entry, result: image.result)
        }
    }

    /// The journal entry of a finished source and the files it placed.
    func recordBuilt(_ db: Database, source: String, entry: JournalEntry, result: Data) throws {
        for file in entry.files {
            try db.execute(sql: "INSERT OR IGNORE INTO site_files (root, path) VALUES (?, ?)", arguments: [root, String(file)])
        }
        let identity = entry.identity
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO built (root, source, size, mtime_ns, inode, plan, content, keys, digest, capture_date, files, result, warnings, title, hidden)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [root, source, identity.size, identity.modifiedNanoseconds,
                        Int64(bitPattern: identity.inode), entry.plan, entry.content, entry.keys.joined(separator: " "),
                        entry.summary.digest, entry.summary.captureDate, entry.fileLines, result,
                        entry.warnings.joined(separator: JournalEntry.warningSeparator), entry.summary.title, entry.summary.hidden])
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

extension BuildStore {
    /// The variant files of the journal entries of `sources`.
    func variantFiles(of sources: Set<String>) throws -> Set<String> {
        try pool.read { db in
            var files = Set<String>()
            let rows = try Row.fetchCursor(db, sql: "SELECT source, files FROM built WHERE root = ?", arguments: [root])
            while let row = try rows.next() {
                guard sources.contains(row["source"]) else { continue }
                for file in (row["files"] as String).split(separator: "\n") { files.insert(String(file)) }
            }
            return files
        }
    }
}
