import Foundation

/// Writes files so that a reader never sees half of one: the bytes go to a
/// hidden temporary file in the same folder, then `rename(2)` replaces the
/// target in one step. A failed write leaves no temporary file behind.
public enum AtomicWriter {
    /// Prefix of temporary files; a build removes strays left by a crash.
    public static let temporaryPrefix = ".imgsite-tmp-"

    public static func write(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(temporaryPrefix + UUID().uuidString)
        do {
            try data.write(to: temporary)
            FaultInjection.point("write \(url.lastPathComponent)")
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path, "errno": errno])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Writes what `body` writes to the handle, in pieces, so a large file is
    /// never held in memory. When the result equals the file already there,
    /// that file is left untouched; returns whether it changed.
    @discardableResult
    public static func stream(to url: URL, _ body: (FileHandle) throws -> Void) throws -> Bool {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(temporaryPrefix + UUID().uuidString)
        do {
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
            }
            let handle = try FileHandle(forWritingTo: temporary)
            do {
                try body(handle)
                try handle.close()
            } catch {
                try? handle.close()
                throw error
            }
            if try sameContents(temporary, url) {
                try FileManager.default.removeItem(at: temporary)
                return false
            }
            FaultInjection.point("write \(url.lastPathComponent)")
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path, "errno": errno])
            }
            return true
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Compares two files in 64 KiB pieces; false when `b` does not exist.
    private static func sameContents(_ a: URL, _ b: URL) throws -> Bool {
        guard let left = try? FileHandle(forReadingFrom: a), let right = try? FileHandle(forReadingFrom: b) else { return false }
        defer {
            try? left.close()
            try? right.close()
        }
        while true {
            let (x, y) = (try left.read(upToCount: 65_536) ?? Data(), try right.read(upToCount: 65_536) ?? Data())
            if x != y { return false }
            if x.isEmpty { return true }
        }
    }

    public static func write(_ bytes: [UInt8], to url: URL) throws {
        try write(Data(bytes), to: url)
    }

    public static func write(_ text: String, to url: URL) throws {
        try write(Data(text.utf8), to: url)
    }
}
