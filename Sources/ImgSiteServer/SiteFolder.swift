import Foundation

/// The folder a server serves, and the one rule every request path passes:
/// no "..", no NUL, and, with symbolic links resolved, still inside the
/// folder. A path arrives percent-decoded exactly once, so "%252e%252e"
/// stays a literal name that does not exist.
public struct SiteFolder: Sendable {
    /// The folder's real path (links resolved), without a trailing slash.
    public let root: String

    /// Fails unless `folder` is an existing folder.
    public init(_ folder: URL) throws(ServerError) {
        let real = folder.standardizedFileURL.resolvingSymlinksInPath().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real, isDirectory: &isFolder), isFolder.boolValue else {
            throw ServerError("\(folder.path) is not a folder (give the built site's folder)")
        }
        root = real == "/" ? "" : real
    }

    /// The real path a decoded URL path names inside the folder, or nil
    /// when it would lead outside it (or holds "..", a NUL or a backslash).
    public func realPath(_ urlPath: String) -> String? {
        guard !urlPath.contains(".."), !urlPath.contains("\0"), !urlPath.contains("\\") else { return nil }
        let joined = root + "/" + urlPath.drop { $0 == "/" }
        let real = URL(fileURLWithPath: joined).resolvingSymlinksInPath().path
        guard real == root || real.hasPrefix(root + "/") else { return nil }
        return real
    }

    /// The file to serve for a decoded URL path: the file itself, or a
    /// folder's index.html; nil when there is none or it is outside.
    public func file(_ urlPath: String) -> String? {
        guard let real = realPath(urlPath) else { return nil }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real, isDirectory: &isFolder) else { return nil }
        guard isFolder.boolValue else { return real }
        let index = real + "/index.html"
        return FileManager.default.fileExists(atPath: index) ? index : nil
    }
}

/// A server failure with a message for the person running it.
public struct ServerError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
