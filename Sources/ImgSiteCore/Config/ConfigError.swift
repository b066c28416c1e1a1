/// A problem in `imgsite.yml`, with the file, the key and the line.
public struct ConfigError: Error, CustomStringConvertible, Sendable, Equatable {
    public let file: String
    /// Dotted key path, e.g. "jpeg.quality"; empty for the file as a whole.
    public let key: String
    /// 1-based line, when known.
    public let line: Int?
    public let reason: String

    public var description: String {
        let location = line.map { "\(file):\($0)" } ?? file
        return key.isEmpty ? "\(location): \(reason)" : "\(location): '\(key)' \(reason)"
    }
}
