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

    public static func write(_ bytes: [UInt8], to url: URL) throws {
        try write(Data(bytes), to: url)
    }

    public static func write(_ text: String, to url: URL) throws {
        try write(Data(text.utf8), to: url)
    }
}
