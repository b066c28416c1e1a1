import Foundation
import Yams

/// Typed reads of YAML nodes; every failure names the key and its line.
package struct ConfigReader {
    package let file: String

    package init(file: String) { self.file = file }

    package func fail(_ key: String, _ node: Node, _ reason: String) -> ConfigError {
        ConfigError(file: file, key: key, place: YAMLPlace(node), reason: reason)
    }

    package func mapping(_ node: Node, key: String) throws(ConfigError) -> Node.Mapping {
        guard let mapping = node.mapping else {
            throw fail(key, node, "must be a mapping of keys to values")
        }
        return mapping
    }

    package func rejectUnknown(_ mapping: Node.Mapping, allowed: [String], parent: String) throws(ConfigError) {
        for (keyNode, _) in mapping {
            let name = keyNode.string ?? ""
            if !allowed.contains(name) {
                let path = parent.isEmpty ? name : "\(parent).\(name)"
                let meant = KeySuggestion.nearest(to: name, among: allowed).map { "; did you mean '\($0)'?" } ?? ""
                throw fail(path, keyNode, "is not a known key\(meant) (known: \(allowed.sorted().joined(separator: ", ")))")
            }
        }
    }

    package func string(_ node: Node, key: String) throws(ConfigError) -> String {
        guard let scalar = node.scalar else { throw fail(key, node, "must be text") }
        return scalar.string
    }

    /// A BCP 47 language tag: a language of 2 or 3 letters, then subtags of
    /// 1 to 8 letters or digits ("de", "pt-BR", "zh-Hans", "sr-Latn-RS").
    func languageTag(_ node: Node, key: String) throws(ConfigError) -> String {
        let text = try string(node, key: key)
        guard text.wholeMatch(of: /[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*/) != nil else {
            throw fail(key, node, "must be a BCP 47 language tag such as de, pt-BR or zh-Hans, not '\(text)'")
        }
        return text
    }

    /// "#d35400" or "#fa0".
    package func colour(_ node: Node, key: String) throws(ConfigError) -> RGB {
        let text = try string(node, key: key)
        guard let colour = RGB(hex: text) else { throw fail(key, node, "must be a colour written #rrggbb or #rgb, such as #d35400, not '\(text)'") }
        return colour
    }

    package func bool(_ node: Node, key: String) throws(ConfigError) -> Bool {
        guard let value = node.bool else { throw fail(key, node, "must be true or false, not '\(node.scalar?.string ?? "a list or mapping")'") }
        return value
    }

    /// `alternative`: what else the key accepts, for the message.
    package func int(_ node: Node, key: String, in range: ClosedRange<Int>, or alternative: String? = nil) throws(ConfigError) -> Int {
        let also = alternative.map { " or \($0)" } ?? ""
        guard let value = node.int else {
            throw fail(key, node, "must be a whole number\(also), not '\(node.scalar?.string ?? "a list or mapping")'")
        }
        guard range.contains(value) else {
            throw fail(key, node, "must be between \(range.lowerBound) and \(range.upperBound)\(also), not \(value)")
        }
        return value
    }

    package func choice<Choice: RawRepresentable & CaseIterable>(_ node: Node, key: String) throws(ConfigError) -> Choice
    where Choice.RawValue == String {
        let text = try string(node, key: key)
        guard let value = Choice(rawValue: text) else {
            let allowed = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw fail(key, node, "must be one of \(allowed), not '\(text)'")
        }
        return value
    }

    package func widths(_ node: Node) throws(ConfigError) -> WidthPolicy {
        if node.scalar?.string == "auto" { return .auto }
        guard let items = node.sequence, !items.isEmpty else {
            throw fail("widths", node, "must be 'auto' or a list of pixel widths, e.g. [480, 960, 1920]")
        }
        return .fixed(try items.map { (item) throws(ConfigError) in try int(item, key: "widths", in: 16...65_535) })
    }

    package func formats(_ node: Node) throws(ConfigError) -> [OutputFormat] {
        guard let items = node.sequence, !items.isEmpty else {
            throw fail("formats", node, "must be a list, e.g. [jpeg, webp]")
        }
        var formats: [OutputFormat] = []
        for item in items {
            let text = try string(item, key: "formats")
            if text == OutputFormat.gif.rawValue { throw fail("formats", item, OutputFormat.gifIsAnimatedOnly) }
            guard let format = OutputFormat(rawValue: text), OutputFormat.stillFormats.contains(format) else {
                let allowed = OutputFormat.stillFormats.map(\.rawValue).joined(separator: ", ")
                throw fail("formats", item, "must be one of \(allowed), not '\(text)'")
            }
            if !formats.contains(format) { formats.append(format) }
        }
        guard formats.contains(.jpeg) else {
            throw fail("formats", node, "must include jpeg: it is the fallback every browser can show")
        }
        return formats
    }

    package func codec(_ node: Node, key: String, defaults: CodecSettings, effort: ClosedRange<Int>) throws(ConfigError) -> CodecSettings {
        let map = try mapping(node, key: key)
        let large = defaults.largeEffort != nil  // only codecs with a large-file effort accept one
        let dense = defaults.dense != nil  // and only those browsers pick by density: WebP, AVIF
        try rejectUnknown(map, allowed: ["quality", "effort"] + (large ? ["large_effort"] : []) + (dense ? ["dense_quality", "dense_effort"] : []),
                          parent: key)
        var settings = defaults
        if let value = map["quality"] { settings.quality = try int(value, key: "\(key).quality", in: 1...100) }
        if let value = map["effort"] { settings.effort = try int(value, key: "\(key).effort", in: effort) }
        if large, let value = map["large_effort"] { settings.largeEffort = try int(value, key: "\(key).large_effort", in: effort) }
        if dense, let value = map["dense_quality"] { settings.dense!.quality = try int(value, key: "\(key).dense_quality", in: 1...100) }
        if dense, let value = map["dense_effort"] {
            settings.dense!.effort = try int(value, key: "\(key).dense_effort", in: effort)
        }
        return settings
    }

    /// `dense_format`: a format whose codec makes dense screens' files, or false for none.
    package func denseFormat(_ node: Node) throws(ConfigError) -> OutputFormat? {
        if node.bool == false { return nil }
        let allowed = OutputFormat.denseFormats.map(\.rawValue)
        let text = try string(node, key: "dense_format")
        guard let format = OutputFormat(rawValue: text), OutputFormat.denseFormats.contains(format) else {
            throw fail("dense_format", node, "must be \(allowed.joined(separator: ", ")) or false (no files for dense screens), not '\(text)'")
        }
        return format
    }

    package func jpeg(_ node: Node, defaults: JPEGSettings) throws(ConfigError) -> JPEGSettings {
        let map = try mapping(node, key: "jpeg")
        try rejectUnknown(map, allowed: ["quality", "chroma_subsampling", "progressive_min_width", "widths"], parent: "jpeg")
        var settings = defaults
        if let value = map["quality"] { settings.quality = try int(value, key: "jpeg.quality", in: 1...100) }
        if let value = map["progressive_min_width"] {
            settings.progressiveMinWidth = try int(value, key: "jpeg.progressive_min_width", in: 0...65_535)
        }
        if let value = map["widths"] {
            guard let widths = value.scalar.flatMap({ JPEGWidths(rawValue: $0.string) }) else {
                throw fail("jpeg.widths", value, "must be fallback, one or all, not '\(value.scalar?.string ?? "a list or mapping")'")
            }
            settings.widths = widths
        }
        if let value = map["chroma_subsampling"] {
            switch try string(value, key: "jpeg.chroma_subsampling") {
            case "4:2:0": settings.subsample420 = true
            case "4:4:4": settings.subsample420 = false
            case let other:
                throw fail("jpeg.chroma_subsampling", value, "must be \"4:2:0\" or \"4:4:4\", not '\(other)'")
            }
        }
        return settings
    }
}

extension ConfigReader {
    package func number(_ node: Node, key: String, in range: ClosedRange<Double>? = nil) throws(ConfigError) -> Double {
        guard let value = node.float ?? node.int.map(Double.init) else {
            throw fail(key, node, "must be a number, not '\(node.scalar?.string ?? "a list or mapping")'")
        }
        if let range, !range.contains(value) {
            throw fail(key, node, "must be between \(range.lowerBound) and \(range.upperBound), not \(value)")
        }
        return value
    }

    /// "24 MB", "500 KB", "1.5 GB" (decimal units) as bytes. A bare number
    /// is refused: 24 bytes or 24 MB is a guess the reader should not make.
    package func bytes(_ node: Node, key: String) throws(ConfigError) -> Int {
        let text = try string(node, key: key).trimmingCharacters(in: .whitespaces)
        let units: [(String, Double)] = [("GB", 1e9), ("MB", 1e6), ("KB", 1e3), ("B", 1)]
        for (unit, scale) in units where text.uppercased().hasSuffix(unit) {
            let number = text.dropLast(unit.count).trimmingCharacters(in: .whitespaces)
            if let value = Double(number), value >= 0, value * scale < 1e15 { return Int((value * scale).rounded()) }
            break
        }
        throw fail(key, node, "must be a size with its unit, such as 24 MB or 500 KB, not '\(text)'")
    }

    package func animated(_ node: Node, defaults: AnimationSettings) throws(ConfigError) -> AnimationSettings {
        let map = try mapping(node, key: "animated")
        try rejectUnknown(map, allowed: ["memory_budget", "min_integrity", "outputs"], parent: "animated")
        var settings = defaults
        if let value = map["memory_budget"] { settings.memoryBudget = try bytes(value, key: "animated.memory_budget") }
        if let value = map["min_integrity"] { settings.minIntegrity = try number(value, key: "animated.min_integrity") }
        if let value = map["outputs"] { settings.outputs = try choiceList(value, key: "animated.outputs", of: AnimationSettings.outputChoices) }
        return settings
    }

    /// A list of two choices, either or both, each kept once in the order
    /// given: `[webp, gif]`, `[av1, h264]`.
    func choiceList<Choice: RawRepresentable & CaseIterable & Equatable>(
        _ node: Node, key: String, of allowed: [Choice]
    ) throws(ConfigError) -> [Choice] where Choice.RawValue == String {
        let said = "\(allowed[0].rawValue), \(allowed[1].rawValue) or both"
        guard let items = node.sequence, !items.isEmpty else {
            throw fail(key, node, "must be a list of \(said), e.g. [\(allowed.map(\.rawValue).joined(separator: ", "))]")
        }
        var list: [Choice] = []
        for item in items {
            let value: Choice = try choice(item, key: key)
            guard allowed.contains(value) else { throw fail(key, item, "must list \(said), not '\(value.rawValue)'") }
            if !list.contains(value) { list.append(value) }
        }
        return list
    }
}

extension ConfigReader {
    /// `base_url`: an absolute http(s) URL, kept with one trailing "/".
    package func baseURL(_ node: Node) throws(ConfigError) -> String {
        let text = try string(node, key: "base_url").trimmingCharacters(in: .whitespaces)
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false,
            url.query == nil, url.fragment == nil
        else {
            throw fail("base_url", node, "must be the absolute http(s) address the site is published at, e.g. https://example.com/photos/, not '\(text)'")
        }
        return text.hasSuffix("/") ? text : text + "/"
    }

    package func budgets(_ node: Node) throws(ConfigError) -> BudgetSettings {
        let map = try mapping(node, key: "budgets")
        try rejectUnknown(map, allowed: ["first_view", "variant", "site", "files", "viewport"], parent: "budgets")
        var settings = BudgetSettings()
        if let value = map["first_view"] { settings.firstView = try bytes(value, key: "budgets.first_view") }
        if let value = map["variant"] { settings.variant = try bytes(value, key: "budgets.variant") }
        if let value = map["site"] { settings.site = try bytes(value, key: "budgets.site") }
        if let value = map["files"] { settings.files = try int(value, key: "budgets.files", in: 1...100_000_000) }
        if let value = map["viewport"] {
            let text = try string(value, key: "budgets.viewport")
            guard let viewport = Viewport(text) else {
                throw fail("budgets.viewport", value, "must be WIDTHxHEIGHT in CSS px, optionally @2x or @3x (e.g. 1280x800, 390x844@3x), not '\(text)'")
            }
            settings.viewport = viewport
        }
        return settings
    }
}
