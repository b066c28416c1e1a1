import Foundation

/// A file for the output folder: its path there and its bytes.
struct OutputFile: Sendable {
    var path: String
    var data: Data
}

/// Writes into the output folder, and only there. Each batch is first
/// recorded in the build database, then each file is written atomically
/// (`AtomicWriter`): whatever stops the build, every file in the folder is
/// known, and none is half-written.
struct SiteWriter: Sendable {
    let root: URL
    let store: BuildStore

    /// Writes one file in pieces (`AtomicWriter.stream`); returns whether it changed.
    func stream(_ path: String, _ body: (FileHandle) throws -> Void) throws(BuildError) -> Bool {
        do {
            try store.recordWriting([path])
        } catch {
            throw BuildError(path: path, "cannot be recorded in the build database: \(error)")
        }
        do {
            return try AtomicWriter.stream(to: root.appending(path: path), body)
        } catch {
            throw BuildError(path: path, "cannot be written: \(error.localizedDescription)")
        }
    }

    /// `afterEach` runs once each file is in place. `workers` threads write
    /// side by side (a build's pages, its last work), and one flush makes
    /// them all durable (`AtomicWriter.write(_:workers:placed:)`).
    func write(_ files: [OutputFile], workers: Int = 1, afterEach: @escaping @Sendable () -> Void = {}) throws(BuildError) {
        guard !files.isEmpty else { return }
        do {
            try store.recordWriting(files.map(\.path))
        } catch {
            throw BuildError(path: files[0].path, "cannot be recorded in the build database: \(error)")
        }
        let written = AtomicWriter.write(files.map { ($0.data, root.appending(path: $0.path)) }, workers: workers, placed: afterEach)
        if let (file, error) = zip(files, written).first(where: { $0.1 != nil }) {
            throw BuildError(path: file.path, "cannot be written: \(error!.localizedDescription)")
        }
    }
}
