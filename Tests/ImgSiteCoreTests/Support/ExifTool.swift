import Foundation

/// Reads metadata with exiftool: an independent reader for what imgsite
/// writes (libvips 8.14 cannot read JPEG XL metadata back).
enum ExifTool {
    static let path = "/usr/bin/exiftool"

    struct Missing: Error, CustomStringConvertible {
        var description: String { "exiftool is missing: `make test-deps` installs libimage-exiftool-perl" }
    }

    /// Every tag of each file, as "Group:Name" → value text, by path: one
    /// exiftool for all of them (it takes a fifth of a second to start).
    static func tags(of files: [URL]) throws -> [String: [String: String]] {
        guard FileManager.default.isExecutableFile(atPath: path) else { throw Missing() }
        let run = try ChildProcess.run(URL(fileURLWithPath: path), ["-json", "-a", "-G1", "-n"] + files.map(\.path))
        let objects = try JSONSerialization.jsonObject(with: run.output) as? [[String: Any]] ?? []
        return Dictionary(objects.map { object in ((object["SourceFile"] as? String) ?? "", object.mapValues { "\($0)" }) }) { $1 }
    }

    /// Every tag as "Group:Name" → value text.
    static func tags(of file: URL) throws -> [String: String] {
        guard FileManager.default.isExecutableFile(atPath: path) else { throw Missing() }
        let run = try ChildProcess.run(URL(fileURLWithPath: path), ["-json", "-a", "-G1", "-n", file.path])
        let objects = try JSONSerialization.jsonObject(with: run.output) as? [[String: Any]] ?? []
        return (objects.first ?? [:]).mapValues { "\($0)" }
    }
}
