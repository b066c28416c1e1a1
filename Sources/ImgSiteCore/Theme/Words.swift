import Foundation
import Mustache

/// The theme's words in the site's language (`language:`): the strings of
/// `templates/strings/<language>.yml`, with the site's own
/// `templates/strings.yml` over them, and how the language writes counts,
/// lists, dates and numbers. Templates read the strings as `{{words.key}}`.
public struct Words: Sendable {
    /// The BCP 47 tag pages carry (`<html lang>`): the site's, or `en`.
    var language: String
    /// `rtl` for a language written right to left (`<html dir>`).
    var direction: String
    var texts: [String: String]
    /// Each count's forms ("photos"): plural category → "{n} photos".
    var counts: [String: [String: String]]
    var months: [String]
    var decimal: String
    var group: String
    /// Numbers of fewer digits are written ungrouped ("1000" in Spanish, "1,000" in English).
    var groupFromDigits: Int
    /// What the words were read from, for the pages' digest.
    var digest: String

    /// The text of `key` with each `{name}` filled in from `values`.
    func text(_ key: String, _ values: [String: String] = [:]) -> String {
        Self.fill(texts[key] ?? key, values)
    }

    /// "3 photos", "1 clip", "10,000 albums": `key`'s form for `n` in this language.
    func count(_ key: String, _ n: Int) -> String {
        let forms = counts[key] ?? [:]
        let form = forms[PluralRule.category(n, language: language)] ?? forms["other"] ?? "{n}"
        return Self.fill(form, ["n": number(n)])
    }

    /// `n` with this language's grouping: "10,000", "10.000", "10 000".
    func number(_ n: Int) -> String {
        let digits = String(n.magnitude)
        guard digits.count >= groupFromDigits else { return n < 0 ? "-" + digits : digits }
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped += group }
            grouped.append(digit)
        }
        return n < 0 ? "-" + grouped : grouped
    }

    /// "2.4 MB" with this language's decimal mark: "2,4 MB".
    func decimals(_ text: String) -> String {
        decimal == "." ? text : text.replacingOccurrences(of: ".", with: decimal)
    }

    /// "3 photos, 1 clip"; sub-albums first: "2 albums, 10 photos". "0 photos" for nothing.
    func media(_ media: MediaCount, albums: Int = 0) -> String {
        var parts: [String] = []
        if albums > 0 { parts.append(count("albums", albums)) }
        if media.photos > 0 || media.clips == 0 { parts.append(count("photos", media.photos)) }
        if media.clips > 0 { parts.append(count("clips", media.clips)) }
        return parts.joined(separator: text("list_separator"))
    }

    /// An album zip's link: "Download all 3 photos and 1 clip", "Download 1 photo".
    func download(_ media: MediaCount) -> String {
        let kinds = [media.photos > 0 ? count("photos", media.photos) : nil, media.clips > 0 ? count("clips", media.clips) : nil]
        let items = kinds.compactMap { $0 }.joined(separator: text("list_and"))
        return text(media.total == 1 ? "download_one" : "download_all", ["items": items])
    }

    /// "22 October 2008", "22. Oktober 2008", "2008年10月22日": a photo's
    /// day from its capture date ("2008-10-22T16:28:39"); nil for what is no date.
    func day(_ iso: String) -> String? {
        let parts = iso.prefix(10).split(separator: "-")
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              year > 0, (1...12).contains(month), (1...31).contains(day), months.count == 12 else { return nil }
        return text("date", ["day": String(day), "month": months[month - 1], "year": String(year)])
    }

    /// "22 October 2008, 16:28": the photo page's date line.
    func dateTime(_ iso: String) -> String {
        guard let date = day(iso) else { return String(iso.prefix(16)).replacingOccurrences(of: "T", with: " ") }
        let clock = iso.dropFirst(11).prefix(5).split(separator: ":")
        guard clock.count == 2 else { return date }
        return text("date_time", ["date": date, "hour": String(clock[0]), "minute": String(clock[1])])
    }

    private static func fill(_ template: String, _ values: [String: String]) -> String {
        guard template.contains("{") else { return template }
        var text = template
        for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }
}

/// Said by its digest: page digests hash `PageOptions`' description, whose
/// dictionaries' order differs from run to run.
extension Words: CustomStringConvertible, Hashable {
    public var description: String { "Words(\(language), \(digest))" }
    public static func == (a: Words, b: Words) -> Bool { a.language == b.language && a.digest == b.digest }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(language)
        hasher.combine(digest)
    }
}

extension Words: MustacheParent {
    /// `{{words.slideshow}}`: the string, nil (renders empty) for a key no catalogue has.
    public func child(named name: String) -> Any? { texts[name] }
}
