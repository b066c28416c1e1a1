import Foundation

/// Where a template's sections go wrong, found by reading its tags in order:
/// swift-mustache stops at the closing tag that does not match and reports
/// the column after it, while the mistake a user made is usually the
/// section left open before it (`{{#photos}}` never closed, so
/// `{{/content}}` closes the wrong one).
extension TemplateCheck {
    /// A tag: its sigil (`#`, `^`, `$`, `<`, `/`, `>`, `&`, `{`, or none),
    /// its name, and where it starts (1-based line and column).
    struct Tag {
        var sigil: Character?
        var name: String
        var line: Int
        var column: Int
    }

    /// The tags of `text` in order; nil when it changes its delimiters.
    static func tags(in text: String) -> [Tag]? {
        guard !text.contains("{{=") else { return nil }
        var tags: [Tag] = []
        var line = 1
        var lineStart = text.startIndex
        var index = text.startIndex
        for match in text.matches(of: /\{\{(\{?)\s*([#^$<\/>&!]?)\s*([^}]*?)\s*\}?\}\}/) {
            // Lines and columns counted up to this tag only.
            while index < match.range.lowerBound {
                if text[index] == "\n" {
                    line += 1
                    lineStart = text.index(after: index)
                }
                index = text.index(after: index)
            }
            let sigil = match.1.isEmpty ? match.2.first : "{"
            guard sigil != "!" else { continue }
            let column = text.distance(from: lineStart, to: match.range.lowerBound) + 1
            tags.append(Tag(sigil: sigil, name: String(match.3), line: line, column: column))
        }
        return tags
    }

    /// The first mismatch of opening and closing tags, in words, with the
    /// line and column of the tag to look at; nil when every section closes.
    static func sectionProblem(in text: String) -> (line: Int, column: Int, reason: String)? {
        guard let tags = tags(in: text) else { return nil }
        var open: [Tag] = []
        for tag in tags {
            switch tag.sigil {
            case "#", "^", "$", "<":
                open.append(tag)
            case "/":
                guard let last = open.last else {
                    return (tag.line, tag.column, "{{/\(tag.name)}} closes a section that was never opened")
                }
                guard last.name == tag.name else {
                    if open.contains(where: { $0.name == tag.name }) {
                        return (last.line, last.column, "section '\(last.name)' is never closed: "
                            + "{{/\(tag.name)}} on line \(tag.line) comes first ({{/\(last.name)}} is missing before it)")
                    }
                    return (tag.line, tag.column, "{{/\(tag.name)}} closes a section that was never opened "
                        + "('\(last.name)', opened on line \(last.line), is the one open here)")
                }
                open.removeLast()
            default:
                continue
            }
        }
        if let last = open.last {
            return (last.line, last.column, "section '\(last.name)' is opened and never closed ({{/\(last.name)}} is missing)")
        }
        return nil
    }
}
