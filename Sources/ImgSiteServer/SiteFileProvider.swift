import Hummingbird
import Logging
import NIOPosix

/// Hummingbird's local file provider behind `SiteFolder`'s rule: a path
/// that leads outside the served folder (through "..", or a symbolic link
/// pointing out) is not found.
struct SiteFileProvider: FileProvider {
    typealias FileAttributes = LocalFileSystem.FileAttributes
    typealias FileIdentifier = String

    let folder: SiteFolder
    let files: LocalFileSystem

    init(folder: SiteFolder) {
        self.folder = folder
        files = LocalFileSystem(rootFolder: folder.root, threadPool: .singleton, logger: SiteServer.quietLogger)
    }

    /// `path` is already percent-decoded by the file middleware.
    func getFileIdentifier(_ path: String) -> String? {
        folder.realPath(path)
    }

    func getAttributes(id: String) async throws -> FileAttributes? {
        try await files.getAttributes(id: id)
    }

    func loadFile(id: String, context: some RequestContext) async throws -> ResponseBody {
        try await files.loadFile(id: id, context: context)
    }

    func loadFile(id: String, range: ClosedRange<Int>, context: some RequestContext) async throws -> ResponseBody {
        try await files.loadFile(id: id, range: range, context: context)
    }
}
