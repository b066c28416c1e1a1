/// A problem in `imgsite.yml`, with the file, the key and its place.
public struct ConfigError: Error, CustomStringConvertible, Sendable, Equatable {
    public let file: String
    /// Dotted key path, e.g. "jpeg.quality"; empty for the file as a whole.
    public let key: String
    /// 1-based line and column, when known.
    public let line: Int?
    public let column: Int?
    public let reason: String

    public init(file: String, key: String, line: Int?, column: Int? = nil, reason: String) {
        (self.file, self.key, self.line, self.column, self.reason) = (file, key, line, column, reason)
    }

    package init(file: String, key: String, place: YAMLPlace?, reason: String) {
        self.init(file: file, key: key, line: place?.line, column: place?.column, reason: reason)
    }

    /// "imgsite.yml:12:3", "imgsite.yml:12", or the file alone when the place is unknown.
    public var location: String {
        guard let line else { return file }
        return column.map { "\(file):\(line):\($0)" } ?? "\(file):\(line)"
    }
    /// "'jpeg.quality' must be …", or the reason alone for the whole file.
    public var detail: String { key.isEmpty ? reason : "'\(key)' \(reason)" }

    public var description: String { "\(location): \(detail)" }
}
