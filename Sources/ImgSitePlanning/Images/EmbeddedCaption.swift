import Foundation

/// Captions and titles that photo managers (Lightroom, digiKam, Photo
/// Mechanic, Photos) write beside EXIF: XMP `dc:description` and
/// `dc:title`, IPTC Caption-Abstract (2:120), Object Name (2:05) and
/// Headline (2:105).
/// Read by scanning the bytes libvips hands over, with no XML library:
/// only one element of one packet is wanted.
package enum EmbeddedCaption {
    /// The `x-default` (else the first) language alternative of `element`
    /// (`dc:description`, `dc:title`) in an XMP packet, or its attribute form.
    static func xmp(_ bytes: [UInt8], element name: String = "dc:description") -> String? {
        guard let packet = String(bytes: bytes, encoding: .utf8) else { return nil }
        if let element = packet.range(of: "<\(name)"),
            let end = packet.range(of: "</\(name)>", range: element.upperBound..<packet.endIndex)
        {
            let body = packet[element.upperBound..<end.lowerBound]
            let items = listItems(body)
            let chosen = items.first { $0.attributes.contains("x-default") } ?? items.first
            return chosen.map { unescape($0.text) }
        }
        if let attribute = packet.range(of: "\(name)=\"") {
            let rest = packet[attribute.upperBound...]
            return rest.firstIndex(of: "\"").map { unescape(rest[..<$0]) }
        }
        return nil
    }

    /// The `<rdf:li …>text</rdf:li>` items of an element's body.
    private static func listItems(_ body: Substring) -> [(attributes: Substring, text: Substring)] {
        var items: [(Substring, Substring)] = []
        var rest = body
        while let open = rest.range(of: "<rdf:li"), let close = rest.range(of: ">", range: open.upperBound..<rest.endIndex) {
            let attributes = rest[open.upperBound..<close.lowerBound]
            guard let end = rest.range(of: "</rdf:li>", range: close.upperBound..<rest.endIndex) else { break }
            items.append((attributes, rest[close.upperBound..<end.lowerBound]))
            rest = rest[end.upperBound...]
        }
        return items
    }

    /// XML's five entities and numeric character references.
    static func unescape(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        var result = ""
        var rest = text
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semicolon) <= 10 else {
                result += rest[amp...]
                return result
            }
            let name = rest[rest.index(after: amp)..<semicolon]
            switch name {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let code = name.hasPrefix("#x") ? UInt32(name.dropFirst(2), radix: 16) : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
                if let scalar = code.flatMap(Unicode.Scalar.init) { result.unicodeScalars.append(scalar) } else { result += rest[amp...semicolon] }
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    /// IPTC dataset 2:`dataset` (120 Caption-Abstract, 5 Object Name, 105
    /// Headline) from libvips' "iptc-data": a Photoshop resource block (JPEG
    /// APP13) whose 0x0404 resource holds the IIM datasets, or the datasets themselves.
    static func iptc(_ bytes: [UInt8], dataset wanted: UInt8 = 120) -> String? {
        let datasets = photoshopResource(0x0404, in: bytes) ?? bytes[...]
        var index = datasets.startIndex
        var utf8 = false
        while index + 5 <= datasets.endIndex, datasets[index] == 0x1C {
            let (record, dataset) = (datasets[index + 1], datasets[index + 2])
            let length = Int(datasets[index + 3]) << 8 | Int(datasets[index + 4])
            // Extended lengths (high bit) are for binary previews, never captions.
            guard length & 0x8000 == 0, index + 5 + length <= datasets.endIndex else { return nil }
            let value = datasets[(index + 5)..<(index + 5 + length)]
            // 1:90 is the coded character set; ESC % G declares UTF-8.
            if record == 1, dataset == 90 { utf8 = Array(value) == [0x1B, 0x25, 0x47] }
            if record == 2, dataset == wanted {
                return utf8 ? String(decoding: value, as: UTF8.self) : (String(bytes: value, encoding: .utf8) ?? String(bytes: value, encoding: .isoLatin1))
            }
            index += 5 + length
        }
        return nil
    }

    /// The data of Photoshop image resource `id` ("8BIM", id, padded
    /// Pascal name, size, data padded to even), or nil when there is none.
    private static func photoshopResource(_ id: UInt16, in bytes: [UInt8]) -> ArraySlice<UInt8>? {
        let signature = Array("8BIM".utf8)
        var index = bytes.startIndex
        if bytes.starts(with: Array("Photoshop 3.0\0".utf8)) { index = 14 }
        while index + 12 <= bytes.endIndex {
            guard Array(bytes[index..<(index + 4)]) == signature else { return nil }
            let resource = UInt16(bytes[index + 4]) << 8 | UInt16(bytes[index + 5])
            let nameLength = Int(bytes[index + 6])
            var cursor = index + 6 + (nameLength + 2) & ~1  // length byte and name, padded to even
            guard cursor + 4 <= bytes.endIndex else { return nil }
            let size = bytes[cursor..<(cursor + 4)].reduce(0) { $0 << 8 | Int($1) }
            cursor += 4
            guard cursor + size <= bytes.endIndex else { return nil }
            if resource == id { return bytes[cursor..<(cursor + size)] }
            index = cursor + (size + 1) & ~1
        }
        return nil
    }
}
