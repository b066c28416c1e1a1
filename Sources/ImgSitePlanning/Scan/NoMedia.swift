import Foundation

/// A `.nomedia` file, Android's mark and sigal's: empty, nothing in its
/// folder or below is published; listing names (one a line), those files
/// and folders of its folder are not.
public enum NoMedia {
    public static let name = ".nomedia"

    /// The names it keeps out, or nil when it keeps out the whole folder
    /// (empty, or unreadable: it may have said so).
    package static func listed(in path: String) -> Set<String>? {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else { return nil }
        let names = Set(text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        return names.isEmpty ? nil : names
    }
}
