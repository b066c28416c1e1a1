/// A problem in `imgsite.yml`, with the file, the key and the line.
public struct ConfigError: Error, CustomStringConvertible, Sendable, Equatable {
    public let file: String
    /// Dotted key path, e.g. "jpeg.quality"; empty for the file as a whole.
    public let key: String
    /// 1-based line, when known.
    public let line: Int?
    public let reason: String

    /// "imgsite.yml:12", or the file alone when the line is unknown.
    public var location: String { line.map { "\(file):\($0)" } ?? file }
    /// "'jpeg.quality' must be …", or the reason alone for the whole file.
    public var detail: String { key.isEmpty ? reason : "'\(key)' \(reason)" }

    public var description: String { "\(location): \(detail)" }
}
