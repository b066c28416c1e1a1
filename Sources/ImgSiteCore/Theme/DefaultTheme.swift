import Foundation
import ImgSiteMedia
import Mustache

/// The built-in theme (templates/ compiled into the binary) and the
/// site's own templates, which override it file by file.
public enum DefaultTheme {
    /// Every built-in template by name (`DefaultTheme+Pages.swift`, `+Stylesheet.swift`,
    /// `+Script.swift` and `+PrivateScripts.swift`, generated from templates/).
    static let files = [pages, stylesheet, script, privateScripts].reduce(into: [:]) { files, part in files.merge(part) { kept, _ in kept } }

    /// The built-in templates with every `*.mustache` under `overrides`
    /// registered over them (same name = same path without extension).
    public static func library(overrides: URL?) throws(BuildError) -> MustacheLibrary {
        try load(overrides: overrides).library
    }

    /// The templates in effect, a digest of their text (a page rendered
    /// with other templates is another page), and warnings about the site's
    /// own: variables no template is given and partials no template is
    /// named, which would render empty.
    static func load(overrides: URL?) throws(BuildError) -> (library: MustacheLibrary, digest: String, warnings: [BuildError]) {
        var texts = files
        var own: [(shown: String, text: String)] = []
        if let overrides, FileManager.default.fileExists(atPath: overrides.path) {
            let root = overrides.standardizedFileURL.path
            let enumerator = FileManager.default.enumerator(atPath: root)
            while let relative = enumerator?.nextObject() as? String {
                guard relative.hasSuffix(".mustache") else { continue }
                // Named as the user knows it: "templates/album.mustache".
                let shown = overrides.lastPathComponent + "/" + relative
                guard let text = try? String(contentsOfFile: root + "/" + relative, encoding: .utf8) else {
                    throw BuildError(path: shown, "cannot be read as UTF-8 text")
                }
                _ = try template(text, file: shown)
                own.append((shown, text))
                texts[String(relative.dropLast(".mustache".count))] = text
            }
        }
        let names = Set(texts.keys)
        let warnings = own.sorted { $0.shown < $1.shown }.flatMap { shown, text in
            TemplateCheck.unknownNames(in: text, known: knownNames).map {
                BuildError(path: shown, "{{\($0)}} is not a variable imgsite gives its templates; it renders empty")
            } + TemplateCheck.missingPartials(in: text, templates: names).map {
                BuildError(path: shown, "{{> \($0)}} names no template (neither built in nor in the templates folder); it renders empty")
            }
        }
        var library = MustacheLibrary()
        var all = ""
        for (name, text) in texts.sorted(by: { $0.key < $1.key }) {
            library.register(try template(text, file: "\(name).mustache"), named: name)
            all += "\(name)\u{0}\(text)\u{0}"
        }
        return (library, SourceHash.of(text: all), warnings)
    }

    /// Every name part the built-in templates use, the former ones and the words' keys: what the renderer gives them.
    static let knownNames: Set<String> = TemplateCheck.knownParts(of: files.values).union(formerNames).union(Words.keys)
    /// Fields the built-in theme no longer uses and a site's own templates
    /// may: the counts before `countText` said albums and photos alike.
    static let formerNames: Set<String> = ["photoCount", "count", "singular"]

    private static func template(_ text: String, file: String) throws(BuildError) -> MustacheTemplate {
        do {
            return try MustacheTemplate(string: text)
        } catch {
            throw TemplateCheck.parseFailure(error, text: text, file: file)
        }
    }
}
