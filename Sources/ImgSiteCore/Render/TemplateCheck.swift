import Foundation
import ImgSiteMedia
import Mustache

/// What is wrong with a site's own template, in words a user can act on:
/// where a parse failed (`templates/album.mustache:6:1: section 'photos' is
/// never closed: …`), variables imgsite never gives a template and partials
/// no template is named (both would render empty without a word).
enum TemplateCheck {
    /// `file:line:column: reason` for a template swift-mustache refuses:
    /// for a section left open or closed twice, the tag where the mistake
    /// is (`sectionProblem`); otherwise where swift-mustache stopped.
    static func parseFailure(_ error: any Error, text: String, file: String) -> BuildError {
        guard let failure = error as? MustacheTemplate.ParserError else {
            return BuildError(path: file, "is not a valid Mustache template: \(error)")
        }
        switch failure.error as? MustacheTemplate.Error {
        case .sectionCloseNameIncorrect, .expectedSectionEnd:
            if let problem = sectionProblem(in: text) {
                return BuildError(path: "\(file):\(problem.line):\(problem.column)", problem.reason)
            }
        default:
            break
        }
        let context = failure.context
        return BuildError(path: "\(file):\(context.lineNumber):\(context.columnNumber)", reason(failure.error))
    }

    private static func reason(_ error: any Error) -> String {
        switch error as? MustacheTemplate.Error {
        case .sectionCloseNameIncorrect: return "a section is closed but was never opened (or another section is still open)"
        case .unfinishedName: return "a tag is not finished: '}}' is missing or the name holds a space"
        case .expectedSectionEnd: return "a section is opened and never closed"
        case .invalidSetDelimiter: return "the delimiter change {{=… …=}} is not well formed"
        case .transformAppliedToInheritanceSection, .illegalTokenInsideInheritSection, .textInsideInheritSection:
            return "a partial's inherited block holds something it may not"
        case .invalidConfigVariableSyntax, .unrecognisedConfigVariable: return "a {{% … }} setting is not one swift-mustache knows"
        case nil: return "the template ends in the middle of a tag"
        }
    }

    /// The variable and section names a template uses, dotted ones whole
    /// (`picture.srcset`); not partials, blocks, comments, closing tags or
    /// `.`. Nil when it changes its delimiters, where tags cannot be found
    /// by their braces.
    static func names(in text: String) -> Set<String>? {
        guard let tags = tags(in: text) else { return nil }
        return Set(tags.filter { [nil, "#", "^", "&", "{"].contains($0.sigil) && $0.name.first.map { $0.isLetter || $0 == "_" } == true }
            .map(\.name))
    }

    /// The names in `text` with a part that no name in `known` has, sorted:
    /// `{{captoin}}`, and `{{picture.srcet}}` as well as `{{nonsense.x}}`.
    static func unknownNames(in text: String, known: Set<String>) -> [String] {
        (names(in: text) ?? []).filter { name in name.split(separator: ".").contains { !known.contains(String($0)) } }.sorted()
    }

    /// Every part of every name the templates in `texts` use: what the renderer gives them.
    static func knownParts(of texts: some Sequence<String>) -> Set<String> {
        texts.reduce(into: []) { known, text in
            for name in names(in: text) ?? [] { known.formUnion(name.split(separator: ".").map(String.init)) }
        }
    }

    /// The partials (`{{> name}}`, `{{< name}}`) `text` names that `templates` does not hold, sorted.
    static func missingPartials(in text: String, templates: Set<String>) -> [String] {
        Set((tags(in: text) ?? []).filter { ($0.sigil == ">" || $0.sigil == "<") && !templates.contains($0.name) }.map(\.name)).sorted()
    }
}
