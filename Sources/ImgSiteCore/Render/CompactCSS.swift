import Foundation

/// The stylesheet as served: the theme's comments (written for whoever
/// edits `style.css.mustache`, a third of its bytes) and indentation left
/// out, every rule kept. Every album page loads it before its first paint,
/// so its bytes count in each first view.
enum CompactCSS {
    static func compact(_ css: String) -> String {
        var out = "", quote: Character?, index = css.startIndex
        while index < css.endIndex {
            let character = css[index]
            if let open = quote {
                out.append(character)
                if character == "\\", css.index(after: index) < css.endIndex {
                    index = css.index(after: index)
                    out.append(css[index])
                } else if character == open {
                    quote = nil
                }
            } else if character == "\"" || character == "'" {
                quote = character
                out.append(character)
            } else if css[index...].hasPrefix("/*") {
                // An unclosed comment runs to the end, as in a browser.
                guard let end = css[css.index(index, offsetBy: 2)...].range(of: "*/") else { break }
                index = end.upperBound
                continue
            } else {
                out.append(character)
            }
            index = css.index(after: index)
        }
        return out.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: "\n") + "\n"
    }
}
