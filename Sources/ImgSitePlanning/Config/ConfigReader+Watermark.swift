import Yams

/// `watermark:` of imgsite.yml and of an album (`albums.<folder>.watermark`).
extension ConfigReader {
    /// `{ text | image, position, size, opacity, margin, min_width }`; for an album, `false` too (nil).
    package func watermark(_ node: Node, key: String, allowingFalse: Bool = false) throws(ConfigError) -> Watermark? {
        if allowingFalse, let scalar = node.scalar, Bool.construct(from: scalar) == false { return nil }
        let map = try mapping(node, key: key)
        try rejectUnknown(map, allowed: ["text", "image", "position", "size", "opacity", "margin", "min_width"], parent: key)
        let mark: Watermark.Mark
        switch (map["text"], map["image"]) {
        case (let text?, nil):
            let value = try string(text, key: "\(key).text")
            guard !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw fail("\(key).text", text, "must not be empty") }
            mark = .text(value)
        case (nil, let image?):
            mark = .image(try string(image, key: "\(key).image"))
        case (.some, .some):
            throw fail(key, node, "takes text or image, not both (put the text in the logo)")
        case (nil, nil):
            throw fail(key, node, "needs text (\"© 2026 Example Photography\") or image (a PNG, relative to the photos folder)\(allowingFalse ? ", or false for none" : "")")
        }
        var watermark = Watermark(mark: mark)
        if let value = map["position"] { watermark.position = try choice(value, key: "\(key).position") }
        if let value = map["size"] { watermark.size = try share(value, key: "\(key).size", in: 0.005...0.5) }
        if let value = map["opacity"] { watermark.opacity = try number(value, key: "\(key).opacity", in: 0.05...1) }
        if let value = map["margin"] { watermark.margin = try share(value, key: "\(key).margin", in: 0...0.25) }
        if let value = map["min_width"] { watermark.minWidth = try int(value, key: "\(key).min_width", in: 1...65_535) }
        return watermark
    }

    /// "4%" (or 0.04) as 0.04, within `range`.
    package func share(_ node: Node, key: String, in range: ClosedRange<Double>) throws(ConfigError) -> Double {
        let text = node.scalar?.string.trimmingCharacters(in: .whitespaces) ?? ""
        let percent = text.hasSuffix("%") ? Double(text.dropLast().trimmingCharacters(in: .whitespaces)).map { $0 / 100 } : nil
        guard let value = percent ?? node.float ?? node.int.map(Double.init), range.contains(value) else {
            let low = (range.lowerBound * 100).formatted(), high = (range.upperBound * 100).formatted()
            throw fail(key, node, "must be a share of the photo's shorter side between \(low)% and \(high)%, such as 4%, not '\(text)'")
        }
        return value
    }
}
