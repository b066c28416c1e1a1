import Foundation
import GRDB
import ImgSiteMedia
import ImgSitePlanning

/// An encoded file in the cache: its object and what its output name needs.
struct CachedVariant: Sendable, Equatable {
    /// File name in the object store.
    var object: String
    /// The 8 hex digits of the output name (`ContentHash.short` of the bytes).
    var nameHash: String
    var format: FileFormat
    var width: Int
    var height: Int
    var bytes: Int
}

extension BuildStore {
    /// The content hash recorded for a source file whose identity is unchanged.
    func content(of path: String, identity: FileIdentity) throws -> String? {
        try pool.read { db in
            try String.fetchOne(
                db, sql: "SELECT content FROM sources WHERE path = ? AND size = ? AND mtime_ns = ? AND inode = ?",
                arguments: [path, identity.size, identity.modifiedNanoseconds, Int64(bitPattern: identity.inode)])
        }
    }

    /// The cached record of an image key.
    func record(_ key: String) throws -> ImageRecord? {
        try pool.read { db in
            try Data.fetchOne(db, sql: "SELECT record FROM images WHERE key = ?", arguments: [key])
                .flatMap { try? JSONDecoder().decode(ImageRecord.self, from: $0) }
        }
    }

    /// The cached variants among `keys`.
    func variants(_ keys: [String]) throws -> [String: CachedVariant] {
        try pool.read { db in
            var variants: [String: CachedVariant] = [:]
            for key in keys {
                guard let row = try Row.fetchOne(
                    db, sql: "SELECT object, name_hash, format, width, height, bytes FROM variants WHERE key = ?", arguments: [key]),
                    let format = FileFormat(rawValue: row["format"])
                else { continue }
                variants[key] = CachedVariant(
                    object: row["object"], nameHash: row["name_hash"], format: format,
                    width: row["width"], height: row["height"], bytes: row["bytes"])
            }
            return variants
        }
    }

    /// The cached placeholder of a key.
    func placeholder(_ key: String) throws -> Placeholder? {
        try pool.read { db in
            try Data.fetchOne(db, sql: "SELECT value FROM placeholders WHERE key = ?", arguments: [key])
                .flatMap { try? JSONDecoder().decode(Placeholder.self, from: $0) }
        }
    }
}
