import Foundation

/// Reads metadata with exiftool: an independent reader for what imgsite
/// writes (libvips 8.14 cannot read JPEG XL metadata back).
enum ExifTool {
    static let path = "/usr/bin/exiftool"

    struct Missing: Error, CustomStringConvertible {
        var description: String { "exiftool is missing: `make test-deps` installs libimage-exiftool-perl" }
    }

    /// Every tag as "Group:Name" → value text.
    static func tags(of file: URL) throws -> [String: String] {
        guard FileManager.default.isExecutableFile(atPath: path) else { throw Missing() }
        let run = try ChildProcess.run(URL(fileURLWithPath: path), ["-json", "-a", "-G1", "-n", file.path])
        let objects = try JSONSerialization.jsonObject(with: run.output) as? [[String: Any]] ?? []
        return (objects.first ?? [:]).mapValues { "\($0)" }
    }
}
