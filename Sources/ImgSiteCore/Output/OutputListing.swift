import Foundation

/// Which files exist in the output folder, answered from one directory
/// listing per folder instead of one `stat` per file (a site of 10,000
/// photos has 80,000 variants in a few dozen folders).
struct OutputListing {
    let root: URL
    private var folders: [String: Set<String>] = [:]

    init(root: URL) {
        self.root = root
    }

    /// Whether `path` (relative to the root) exists.
    mutating func contains(_ path: String) -> Bool {
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
        let folder = slash.map { String(path[..<$0]) } ?? ""
        let name = slash.map { path[path.index(after: $0)...] } ?? path[...]
        return names(in: folder).contains(String(name))
    }

    /// The names in `folder` (relative to the root), listed once.
    mutating func names(in folder: String) -> Set<String> {
        if let names = folders[folder] { return names }
        let path = folder.isEmpty ? root.path : root.path + "/" + folder
        let names = Set((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
        folders[folder] = names
        return names
    }
}
