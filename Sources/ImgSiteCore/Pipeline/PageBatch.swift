import Foundation
import ImgSiteMedia
import ImgSitePlanning

/// Pages to render, 64 at a time: each batch reads the full image records
/// its pages show from the build database (so memory is the size of a
/// batch, not of the site), renders on every core, writes the pages whose
/// bytes changed atomically, and records their digests together (forgotten
/// while they are written).
struct PageBatch {
    let renderer: SiteRenderer
    let writer: SiteWriter
    let output: URL
    let cacheFolder: URL
    let workers: Int
    private var pending: [(spec: PageSpec, digest: String)] = []
    private(set) var rendered = 0
    private(set) var written = 0

    static let size = 64

    init(renderer: SiteRenderer, writer: SiteWriter, output: URL, cacheFolder: URL, workers: Int) {
        (self.renderer, self.writer, self.output, self.cacheFolder, self.workers) = (renderer, writer, output, cacheFolder, workers)
    }

    mutating func add(_ spec: PageSpec, digest: String) throws(BuildError) {
        pending.append((spec, digest))
        if pending.count == Self.size { try finish() }
    }

    /// Renders, writes and records what is pending.
    mutating func finish() throws(BuildError) {
        guard !pending.isEmpty else { return }
        let store = writer.store
        let results = try buildDatabase(.read, at: cacheFolder.path) { try store.results(Array(Set(pending.flatMap(\.spec.sources)))) }
        rendered += pending.count
        let files = try changedFiles(results)
        try buildDatabase(.written, at: cacheFolder.path) { try store.forgetPages(files.map(\.path)) }
        try writer.write(files, workers: workers) { FaultInjection.point("page") }
        written += files.count
        let pages = pending.map { ($0.spec.path, $0.digest) }
        try buildDatabase(.written, at: cacheFolder.path) { try store.recordPages(pages) }
        pending.removeAll(keepingCapacity: true)
    }

    /// The pending pages rendered on every core (pages are the last work of
    /// a build), less those whose file already holds the same bytes.
    private func changedFiles(_ results: [String: ProcessedImage]) throws(BuildError) -> [OutputFile] {
        let (renderer, output, writer) = (renderer, output, writer)
        let made = WorkerPool.map(pending, workers: workers) { page -> Result<OutputFile?, BuildError> in
            Result { () throws(BuildError) -> OutputFile? in
                let data = Data(try renderer.render(page.spec, results: results).utf8)
                // A sealed page is written again whenever its digest changed: its bytes are never the same twice.
                let unchanged = !writer.isSealed(page.spec.path) && (try? Data(contentsOf: output.appending(path: page.spec.path))) == data
                return unchanged ? nil : OutputFile(path: page.spec.path, data: data)
            }
        }
        var files: [OutputFile] = []
        for page in made {
            if let file = try page.get() { files.append(file) }
        }
        return files
    }
}
