import Foundation
import ImgSiteMedia

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
    /// Private albums: their files go where `sealing.real` says, encrypted.
    var sealing = Sealing.none
    /// Where a private file written in pieces is put together before it is
    /// sealed: the cache folder, never the output.
    var scratch: URL?

    /// Writes one file in pieces (`AtomicWriter.stream`); returns whether it changed.
    func stream(_ path: String, _ body: (FileHandle) throws -> Void) throws(BuildError) -> Bool {
        let real = sealing.real(path)
        do {
            try store.recordWriting([real])
        } catch {
            throw BuildError(path: path, "cannot be recorded in the build database: \(error)")
        }
        do {
            guard real != path, let scratch else { return try AtomicWriter.stream(to: root.appending(path: real), body) }
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            let plain = scratch.appending(path: AtomicWriter.temporaryName())
            defer { try? FileManager.default.removeItem(at: plain) }
            try AtomicWriter.stream(to: plain, body)
            try? FileManager.default.removeItem(at: root.appending(path: real))
            try sealing.place(plain, at: path, output: root)
            return true
        } catch {
            throw BuildError(path: path, "cannot be written: \(error.localizedDescription)")
        }
    }

    /// `afterEach` runs once each file is in place. `workers` threads write
    /// side by side (a build's pages, its last work), and one flush makes
    /// them all durable (`AtomicWriter.write(_:workers:placed:)`).
    func write(_ files: [OutputFile], workers: Int = 1, afterEach: @escaping @Sendable () -> Void = {}) throws(BuildError) {
        guard !files.isEmpty else { return }
        var files = files
        if !sealing.isEmpty {
            do {
                files = try files.map { file in OutputFile(path: sealing.real(file.path), data: try sealing.seal(file.data, at: file.path)) }
            } catch {
                throw BuildError(path: files[0].path, "cannot be encrypted: \(error)")
            }
        }
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
