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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-json", "-a", "-G1", "-n", file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let objects = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
        return (objects.first ?? [:]).mapValues { "\($0)" }
    }
}
