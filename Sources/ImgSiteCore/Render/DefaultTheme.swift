import Foundation
import Mustache

/// The built-in theme (templates/ compiled into the binary) and the
/// site's own templates, which override it file by file.
public enum DefaultTheme {
    /// The built-in templates with every `*.mustache` under `overrides`
    /// registered over them (same name = same path without extension).
    public static func library(overrides: URL?) throws(BuildError) -> MustacheLibrary {
        var library = MustacheLibrary()
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            try register(text, named: name, file: "built-in \(name).mustache", in: &library)
        }
        guard let overrides, FileManager.default.fileExists(atPath: overrides.path) else { return library }
        let root = overrides.standardizedFileURL.path
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".mustache") else { continue }
            let file = root + "/" + relative
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw BuildError(.render, path: file, "cannot be read as UTF-8 text")
            }
            try register(text, named: String(relative.dropLast(".mustache".count)), file: file, in: &library)
        }
        return library
    }

    private static func register(_ text: String, named name: String, file: String, in library: inout MustacheLibrary) throws(BuildError) {
        do {
            library.register(try MustacheTemplate(string: text), named: name)
        } catch {
            throw BuildError(.render, path: file, "is not a valid Mustache template: \(error)")
        }
    }
}
