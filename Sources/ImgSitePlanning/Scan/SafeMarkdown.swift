import Foundation

/// The Markdown an album's description is written in, rendered to HTML that
/// cannot carry a script: paragraphs, `##`–`####` headings, `-`/`*` lists,
/// `*emphasis*`, `**strong**`, `` `code` ``, and `[links](https://…)` whose
/// address is http(s), mailto or relative. Everything else is text, escaped:
/// raw HTML, comments and `javascript:` links show as the characters typed.
///
/// ```swift
/// SafeMarkdown.html("Three days on **Skye**.\n\n- [map](https://example.org/map)")
/// // <p>Three days on <strong>Skye</strong>.</p>\n<ul>\n<li><a href="https://example.org/map">map</a></li>\n</ul>
/// ```
package enum SafeMarkdown {
    package static func html(_ markdown: String) -> String {
        var blocks: [String] = []
        var paragraph: [Substring] = []
        var list: [Substring] = []
        func flush() {
            if !paragraph.isEmpty { blocks.append("<p>" + inline(paragraph.map { $0.trimmed }.joined(separator: " ")) + "</p>") }
            if !list.isEmpty { blocks.append("<ul>\n" + list.map { "<li>" + inline(String($0)) + "</li>" }.joined(separator: "\n") + "\n</ul>") }
            paragraph = []
            list = []
        }
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.trimmed
            if text.isEmpty {
                flush()
            } else if let (level, title) = heading(text) {
                flush()
                blocks.append("<h\(level)>\(inline(title))</h\(level)>")
            } else if let item = listItem(text) {
                if !paragraph.isEmpty { flush() }
                list.append(item)
            } else if !list.isEmpty, line.first == " " {
                // An item's continuation line.
                list[list.count - 1] = Substring(String(list[list.count - 1]) + " " + text)
            } else {
                if !list.isEmpty { flush() }
                paragraph.append(Substring(text))
            }
        }
        flush()
        return blocks.joined(separator: "\n")
    }

    /// `## Title` → (3, "Title"): one `#` more than written, since the page's
    /// own title is the `<h1>`; at most `<h4>`.
    private static func heading(_ line: String) -> (Int, String)? {
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...3).contains(hashes), line.dropFirst(hashes).first == " " else { return nil }
        return (hashes + 1, String(line.dropFirst(hashes + 1)).trimmed)
    }

    private static func listItem(_ line: String) -> Substring? {
        guard line.hasPrefix("- ") || line.hasPrefix("* ") else { return nil }
        return Substring(String(line.dropFirst(2)).trimmed)
    }

    /// Emphasis, code and links inside a block; all else escaped.
    package static func inline(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let first = rest.first {
            if first == "`", let end = rest.dropFirst().firstIndex(of: "`") {
                out += "<code>" + escaped(rest[rest.index(after: rest.startIndex)..<end]) + "</code>"
                rest = rest[rest.index(after: end)...]
            } else if rest.hasPrefix("**"), let end = rest.dropFirst(2).range(of: "**"), end.lowerBound > rest.index(rest.startIndex, offsetBy: 2) {
                out += "<strong>" + inline(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound])) + "</strong>"
                rest = rest[end.upperBound...]
            } else if first == "*" || first == "_", let end = rest.dropFirst().firstIndex(of: first), end > rest.index(after: rest.startIndex) {
                out += "<em>" + inline(String(rest[rest.index(after: rest.startIndex)..<end])) + "</em>"
                rest = rest[rest.index(after: end)...]
            } else if first == "[", let link = link(rest) {
                out += link.html
                rest = rest[link.end...]
            } else {
                out += escaped(String(first))
                rest = rest.dropFirst()
            }
        }
        return out
    }

    /// `[text](address)` at the start of `text`, when the address is safe;
    /// otherwise nil, and the brackets are shown as typed.
    private static func link(_ text: Substring) -> (html: String, end: Substring.Index)? {
        guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].first == "(",
            let end = text[close...].firstIndex(of: ")")
        else { return nil }
        let label = text[text.index(after: text.startIndex)..<close]
        let address = String(text[text.index(close, offsetBy: 2)..<end]).trimmed
        guard !label.isEmpty, isSafe(address) else { return nil }
        return ("<a href=\"\(escaped(address))\">\(inline(String(label)))</a>", text.index(after: end))
    }

    /// http(s) and mailto, or an address with no scheme at all (relative):
    /// never `javascript:`, `data:` or `vbscript:`, in any case or spacing.
    static func isSafe(_ address: String) -> Bool {
        guard !address.isEmpty, !address.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 32 } ?? false }) else { return false }
        let lower = address.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("mailto:") { return true }
        // A colon before any "/", "?" or "#" is a scheme.
        let beforePath = lower.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return !beforePath.contains(":")
    }

    static func escaped<S: StringProtocol>(_ text: S) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}

private extension StringProtocol {
    var trimmed: String { String(self).trimmingCharacters(in: .whitespaces) }
}
