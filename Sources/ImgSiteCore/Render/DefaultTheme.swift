import Foundation
import Mustache

/// The built-in theme (templates/ compiled into the binary) and the
/// site's own templates, which override it file by file.
public enum DefaultTheme {
    /// The built-in templates with every `*.mustache` under `overrides`
    /// registered over them (same name = same path without extension).
    public static func library(overrides: URL?) throws(BuildError) -> MustacheLibrary {
        try load(overrides: overrides).library
    }

    /// The templates in effect and a digest of their text: a page rendered
    /// with other templates is another page.
    static func load(overrides: URL?) throws(BuildError) -> (library: MustacheLibrary, digest: String) {
        var texts = files
        if let overrides, FileManager.default.fileExists(atPath: overrides.path) {
            let root = overrides.standardizedFileURL.path
            let enumerator = FileManager.default.enumerator(atPath: root)
            while let relative = enumerator?.nextObject() as? String {
                guard relative.hasSuffix(".mustache") else { continue }
                let file = root + "/" + relative
                guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                    throw BuildError(.render, path: file, "cannot be read as UTF-8 text")
                }
                try check(text, file: file)
                texts[String(relative.dropLast(".mustache".count))] = text
            }
        }
        var library = MustacheLibrary()
        var all = ""
        for (name, text) in texts.sorted(by: { $0.key < $1.key }) {
            try register(text, named: name, file: "\(name).mustache", in: &library)
            all += "\(name)\u{0}\(text)\u{0}"
        }
        return (library, SourceHash.of(text: all))
    }

    private static func check(_ text: String, file: String) throws(BuildError) {
        do {
            _ = try MustacheTemplate(string: text)
        } catch {
            throw BuildError(.render, path: file, "is not a valid Mustache template: \(error)")
        }
    }

    private static func register(_ text: String, named name: String, file: String, in library: inout MustacheLibrary) throws(BuildError) {
        do {
            library.register(try MustacheTemplate(string: text), named: name)
        } catch {
            throw BuildError(.render, path: file, "is not a valid Mustache template: \(error)")
        }
    }
}
