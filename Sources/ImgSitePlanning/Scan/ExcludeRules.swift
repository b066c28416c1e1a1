/// Files and folders never to publish, as globs on paths relative to the
/// input folder (`exclude:` in imgsite.yml; an album's own, under
/// `albums.<folder>.exclude`, relative to it): `*` is any run of
/// characters within a name, `?` one character, `**` any number of folders.
/// A pattern that matches a folder excludes everything in it.
///
/// ```swift
/// ExcludeRules(["**/*-edit.jpg", "private"]).excludes("trips/skye/DSC_1-edit.jpg")  // true
/// ```
public struct ExcludeRules: Sendable, Equatable {
    public var patterns: [String]

    public init(_ patterns: [String]) {
        // "private/**" and "private/" say what "private" says.
        self.patterns = patterns.map { pattern in
            var trimmed = Substring(pattern)
            while trimmed.hasSuffix("/**") { trimmed = trimmed.dropLast(3) }
            while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
            while trimmed.hasPrefix("./") || trimmed.hasPrefix("/") { trimmed = trimmed.drop { $0 == "." || $0 == "/" } }
            return String(trimmed)
        }.filter { !$0.isEmpty }
    }

    /// Whether `path` (a file or a folder, relative to the input) is excluded.
    public func excludes(_ path: String) -> Bool {
        guard !patterns.isEmpty else { return false }
        let names = path.split(separator: "/")
        // The path itself, or any folder it is in.
        return patterns.contains { pattern in
            let segments = ArraySlice(pattern.split(separator: "/"))
            return (1...max(1, names.count)).contains { Self.matches(segments, names[..<$0]) }
        }
    }

    private static func matches(_ pattern: ArraySlice<Substring>, _ names: ArraySlice<Substring>) -> Bool {
        guard let first = pattern.first else { return names.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            return (names.startIndex...names.endIndex).contains { matches(rest, names[$0...]) }
        }
        guard let name = names.first, matches(Array(first.utf8)[...], Array(name.utf8)[...]) else { return false }
        return matches(pattern.dropFirst(), names.dropFirst())
    }

    /// One name against one segment of a pattern (`*`, `?`), on UTF-8 bytes.
    private static func matches(_ pattern: ArraySlice<UInt8>, _ name: ArraySlice<UInt8>) -> Bool {
        guard let first = pattern.first else { return name.isEmpty }
        switch first {
        case UInt8(ascii: "*"):
            let rest = pattern.dropFirst()
            return (name.startIndex...name.endIndex).contains { matches(rest, name[$0...]) }
        case UInt8(ascii: "?"):
            // One character: a whole UTF-8 sequence.
            guard let lead = name.first else { return false }
            let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            return name.count >= length && matches(pattern.dropFirst(), name.dropFirst(length))
        default:
            return name.first == first && matches(pattern.dropFirst(), name.dropFirst())
        }
    }
}
