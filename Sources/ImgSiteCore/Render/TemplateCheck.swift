import Foundation
import Mustache

/// What is wrong with a site's own template, in words a user can act on:
/// where a parse failed (`templates/album.mustache:8:4: section 'content'
/// is closed but was never opened`), and variables imgsite never gives a
/// template (they would render empty without a word).
enum TemplateCheck {
    /// `file:line:column: reason` for a template swift-mustache refuses.
    static func parseFailure(_ error: any Error, file: String) -> BuildError {
        guard let failure = error as? MustacheTemplate.ParserError else {
            return BuildError(path: file, "is not a valid Mustache template: \(error)")
        }
        let context = failure.context
        let location = "\(file):\(context.lineNumber):\(context.columnNumber)"
        return BuildError(path: location, reason(failure.error, line: context.line, column: context.columnNumber))
    }

    private static func reason(_ error: any Error, line: String, column: Int) -> String {
        let tag = tagName(in: line, before: column)
        switch error as? MustacheTemplate.Error {
        case .sectionCloseNameIncorrect:
            return "section \(tag.map { "'\($0)' " } ?? "")is closed but was never opened (or another section is still open)"
        case .unfinishedName: return "a tag is not finished: '}}' is missing or the name holds a space"
        case .expectedSectionEnd: return "a section is opened and never closed ({{/name}} is missing)"
        case .invalidSetDelimiter: return "the delimiter change {{=… …=}} is not well formed"
        case .transformAppliedToInheritanceSection, .illegalTokenInsideInheritSection, .textInsideInheritSection:
            return "a partial's inherited block holds something it may not"
        case .invalidConfigVariableSyntax, .unrecognisedConfigVariable: return "a {{% … }} setting is not one swift-mustache knows"
        case nil: return "the template ends in the middle of a tag"
        }
    }

    /// The name of the last `{{/name}}` (or other) tag on `line` before `column`.
    private static func tagName(in line: String, before column: Int) -> String? {
        let prefix = String(line.prefix(column + 2))
        guard let open = prefix.range(of: "{{", options: .backwards) else { return nil }
        let rest = line[open.upperBound...].drop { "#^/&>!{ ".contains($0) }
        let name = rest.prefix { !"} ".contains($0) }
        return name.isEmpty ? nil : String(name)
    }

    /// The variable and section names a template uses (the first part of a
    /// dotted name; not partials, blocks, comments, closing tags or `.`). Nil
    /// when it changes its delimiters, where tags cannot be found by their braces.
    static func names(in text: String) -> Set<String>? {
        guard !text.contains("{{=") else { return nil }
        var names = Set<String>()
        for match in text.matches(of: /\{\{\{?\s*([#^&]?)\s*([A-Za-z_][A-Za-z0-9_.\-]*)\s*\}?\}\}/) {
            guard let first = match.2.split(separator: ".").first else { continue }
            names.insert(String(first))
        }
        return names
    }

    /// The names in `text` that none of `known` holds, sorted.
    static func unknownNames(in text: String, known: Set<String>) -> [String] {
        (names(in: text) ?? []).subtracting(known).sorted()
    }
}
