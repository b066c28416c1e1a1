import Foundation
import ImgSiteMedia
import ImgSitePlanning
import Yams

extension Words {
    /// The built-in languages, by tag (`templates/strings/`, compiled in: `DefaultTheme+Strings.swift`).
    static var builtIn: [String] { DefaultTheme.strings.keys.sorted() }

    /// English, the built-in theme's own.
    static let english: Words = {
        do { return try read(DefaultTheme.strings["en"]!, file: "templates/strings/en.yml", over: nil, language: "en") } catch {
            preconditionFailure("templates/strings/en.yml does not read: \(error)")
        }
    }()

    /// The words for `language` (a BCP 47 tag; nil: English): the built-in
    /// catalogue its tag or a shorter one names (`de-CH` → `de`, `zh-CN` →
    /// `zh-Hans`), else English and a warning; then `strings.yml` in
    /// `templates` over it, when there is one.
    static func load(language: String?, templates: URL) throws(BuildError) -> (words: Words, warnings: [BuildError]) {
        let tag = language ?? "en"
        var warnings: [BuildError] = []
        let catalogue = builtInTag(for: tag)
        if catalogue == nil {
            warnings.append(BuildError(path: "imgsite.yml", "language: \(tag) has no built-in words (\(builtIn.joined(separator: ", "))): "
                + "the theme's are English where \(templates.lastPathComponent)/strings.yml does not give them"))
        }
        let name = catalogue ?? "en"
        var words: Words
        do {
            words = try read(DefaultTheme.strings[name]!, file: "templates/strings/\(name).yml", over: nil, language: tag)
        } catch {
            preconditionFailure("templates/strings/\(name).yml does not read: \(error)")
        }
        let own = templates.appending(path: "strings.yml")
        if FileManager.default.fileExists(atPath: own.path) {
            let shown = templates.lastPathComponent + "/strings.yml"
            guard let data = FileManager.default.contents(atPath: own.path), let text = String(data: data, encoding: .utf8) else {
                throw BuildError(path: shown, "cannot be read as UTF-8 text")
            }
            do {
                words = try read(text, file: shown, over: words, language: tag)
            } catch {
                throw BuildError(path: error.location, error.detail)
            }
        }
        return (words, warnings)
    }

    /// The built-in catalogue for `tag`: its own, else that of a shorter
    /// tag; Chinese without a script is Simplified unless its region writes Traditional.
    static func builtInTag(for tag: String) -> String? {
        let known = Dictionary(builtIn.map { ($0.lowercased(), $0) }) { first, _ in first }
        var parts = tag.split(separator: "-").map(String.init)
        if parts.first?.lowercased() == "zh", parts.count >= 2, !["hans", "hant"].contains(parts[1].lowercased()) {
            parts = ["zh", ["tw", "hk", "mo"].contains(parts[1].lowercased()) ? "Hant" : "Hans"]
        } else if parts.map({ $0.lowercased() }) == ["zh"] {
            parts = ["zh", "Hans"]
        }
        while !parts.isEmpty {
            if let found = known[parts.joined(separator: "-").lowercased()] { return found }
            parts.removeLast()
        }
        return nil
    }

    /// The keys every catalogue has: English's.
    static var keys: Set<String> { Set(english.texts.keys).union(english.counts.keys).union(shapeKeys) }
    /// Keys that are not strings: the language's direction, months and numbers.
    static let shapeKeys: Set<String> = ["direction", "months", "decimal", "group", "group_from_digits"]
    static let countKeys: Set<String> = ["photos", "clips", "albums"]
    static let pluralCategories = ["zero", "one", "two", "few", "many", "other"]

    /// A catalogue's YAML read over `base` (every key required without one).
    static func read(_ yaml: String, file: String, over base: Words?, language: String) throws(ConfigError) -> Words {
        let reader = ConfigReader(file: file)
        let root: Node?
        do { root = try Yams.compose(yaml: yaml) } catch {
            throw ConfigError(file: file, key: "", line: nil, reason: "is not valid YAML: \(error)")
        }
        guard let root else {
            if let base { return base }
            throw ConfigError(file: file, key: "", line: nil, reason: "is empty")
        }
        let mapping = try reader.mapping(root, key: "")
        let known = base == nil && file.hasSuffix("/en.yml") ? nil : keys
        if let known { try reader.rejectUnknown(mapping, allowed: known.sorted(), parent: "") }
        var words = base ?? Words(language: language, direction: "ltr", texts: [:], counts: [:], months: [], decimal: ".", group: ",",
                                  groupFromDigits: 4, digest: "")
        words.language = language
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            switch key {
            case "direction":
                let direction = try reader.string(value, key: key)
                guard ["ltr", "rtl"].contains(direction) else { throw reader.fail(key, value, "must be ltr or rtl, not '\(direction)'") }
                words.direction = direction
            case "months":
                guard let items = value.sequence, items.count == 12 else { throw reader.fail(key, value, "must be a list of the 12 months' names") }
                words.months = try items.map { (item) throws(ConfigError) in try reader.string(item, key: key) }
            case "decimal": words.decimal = try reader.string(value, key: key)
            case "group": words.group = try reader.string(value, key: key)
            case "group_from_digits": words.groupFromDigits = try reader.int(value, key: key, in: 1...99)
            case _ where countKeys.contains(key):
                let forms = try reader.mapping(value, key: key)
                try reader.rejectUnknown(forms, allowed: pluralCategories, parent: key)
                var read: [String: String] = [:]
                for (category, form) in forms { read[category.string ?? ""] = try reader.string(form, key: "\(key).\(category.string ?? "")") }
                guard read["other"] != nil else { throw reader.fail(key, value, "needs an 'other' form (\"{n} …\")") }
                words.counts[key] = read
            default:
                words.texts[key] = try reader.string(value, key: key)
            }
        }
        if base == nil, let known {
            let missing = known.subtracting(words.texts.keys).subtracting(words.counts.keys).subtracting(shapeKeys).sorted()
            guard missing.isEmpty else { throw ConfigError(file: file, key: "", line: nil, reason: "lacks \(missing.joined(separator: ", "))") }
        }
        words.digest = SourceHash.of(texts: [words.digest, file, yaml])
        return words
    }
}
