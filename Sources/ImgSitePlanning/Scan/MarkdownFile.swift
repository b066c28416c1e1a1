import Foundation

/// sigal's Markdown files, read as curation files: an album's `index.md`
/// and a photo's `<name>.md`. Meta lines come first, as Python-Markdown's
/// meta extension reads them (`Title: Foo`, keys in any case, a line
/// indented four spaces continuing the value, an optional `---` first, a
/// blank line or `---`/`...` ending them); the rest is the text.
package struct MarkdownFile: Equatable {
    package struct Meta: Equatable {
        /// Lower case, as sigal compares them.
        package var key: String
        package var value: String
        package var place: YAMLPlace
    }

    package var meta: [Meta] = []
    /// The text after the meta lines; nil when blank.
    package var body: String?

    package init(_ text: String) {
        // A byte-order mark, as editors on Windows write one (sigal reads past it too).
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        var number = 0
        if lines.first?.hasPrefix("---") == true { lines.removeFirst(); number = 1 }
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.allSatisfy(\.isWhitespace) || line.hasPrefix("---") || line.hasPrefix("...") { index += 1; break }
            let indent = line.prefix { $0 == " " }.count
            if indent >= 4, !meta.isEmpty {
                meta[meta.count - 1].value += " " + line.drop { $0 == " " }
            } else if indent <= 3, let colon = line.firstIndex(of: ":"),
                      case let key = line[line.index(line.startIndex, offsetBy: indent)..<colon], !key.isEmpty,
                      key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) {
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                meta.append(Meta(key: key.lowercased(), value: value, place: YAMLPlace(line: number + index + 1, column: indent + 1)))
            } else {
                break  // not a meta line: the text starts here
            }
            index += 1
        }
        body = Sidecar.clean(lines[min(index, lines.count)...].joined(separator: "\n"))
    }

    /// `value` as true or false (sigal's spellings and YAML's), or the problem naming it.
    package static func flag(_ meta: Meta, file: String) -> Result<Bool, CurationProblem> {
        switch meta.value.lowercased() {
        case "true", "yes", "on": .success(true)
        case "false", "no", "off": .success(false)
        default: .failure(CurationProblem(file: file, place: meta.place, reason: "\(meta.key) must be true or false, not '\(meta.value)'"))
        }
    }
}
