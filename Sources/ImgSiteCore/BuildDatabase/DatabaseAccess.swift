import ImgSiteMedia
/// What a step was doing with the build database when it failed.
enum DatabaseAccess: String {
    case read, written, updated
}

/// Runs `body`, which reads or writes the build database, and turns what
/// GRDB or the file system threw into the one message a user sees for it:
/// `CACHE: build database cannot be read: …`. The one place that words it.
func buildDatabase<T>(_ access: DatabaseAccess, at folder: String, _ body: () throws -> T) throws(BuildError) -> T {
    do {
        return try body()
    } catch {
        throw BuildError(path: folder, "build database cannot be \(access.rawValue): \(error)")
    }
}
