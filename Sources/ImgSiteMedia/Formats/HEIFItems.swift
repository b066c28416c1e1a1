/// Where a HEIF or AVIF file keeps its items' bytes: the `iinf` box names
/// each item's type, `iloc` its extents (usually in `mdat`). An Exif or XMP
/// item may be padded with zeros; a coded image's bytes never are
/// (`ZeroFill`).
enum HEIFItems {
    /// The extents of the items that are coded images (`hvc1`, `av01`, …:
    /// every type but Exif, XMP (`mime`) and URIs); nil when the boxes
    /// cannot be read (then the whole `mdat` is taken).
    static func imageExtents(_ bytes: [UInt8]) -> [Range<Int>]? {
        let notImages: Set<String> = ["Exif", "mime", "uri "]
        return items(bytes)?.filter { !notImages.contains($0.type) }.map(\.extent)
    }

    /// Every item's type and extents in the file, in item order; nil when
    /// the boxes cannot be read.
    package static func items(_ bytes: [UInt8]) -> [(type: String, extent: Range<Int>)]? {
        guard let meta = boxes(bytes, in: 0..<bytes.count).first(where: { $0.name == "meta" }) else { return nil }
        let children = boxes(bytes, in: (meta.data.lowerBound + 4)..<meta.data.upperBound)  // meta is a full box
        guard let info = children.first(where: { $0.name == "iinf" }), let locations = children.first(where: { $0.name == "iloc" }),
              let types = itemTypes(bytes, info.data), let extents = itemExtents(bytes, locations.data)
        else { return nil }
        return extents.keys.sorted().flatMap { item in
            extents[item]!.map { (types[item] ?? "", $0.clamped(to: 0..<bytes.count)) }
        }
    }

    /// Boxes one after another in `range`: name and data (after the header);
    /// a box whose size runs past the range (a file cut short) to its end.
    package static func boxes(_ bytes: [UInt8], in range: Range<Int>) -> [(name: String, data: Range<Int>)] {
        var (found, index) = ([(name: String, data: Range<Int>)](), range.lowerBound)
        while index + 8 <= range.upperBound {
            var size = Int(bytes.bigEndianUInt32(at: index)), header = 8
            if size == 1, index + 16 <= range.upperBound {
                size = Int(clamping: (8..<16).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[index + $1]) })
                header = 16
            } else if size == 0 {
                size = range.upperBound - index
            }
            guard size >= header else { return found }
            let end = min(index + size, range.upperBound)
            found.append((String(decoding: bytes[(index + 4)..<(index + 8)], as: UTF8.self), (index + header)..<end))
            index = end
        }
        return found
    }

    /// Item ID → type, from `iinf`'s `infe` boxes (version 2 and 3).
    private static func itemTypes(_ bytes: [UInt8], _ data: Range<Int>) -> [Int: String]? {
        guard data.count >= 6 else { return nil }
        let countSize = bytes[data.lowerBound] == 0 ? 2 : 4
        var types: [Int: String] = [:]
        for entry in boxes(bytes, in: (data.lowerBound + 4 + countSize)..<data.upperBound) where entry.name == "infe" {
            let version = bytes[entry.data.lowerBound]
            guard version >= 2 else { continue }
            let idSize = version == 2 ? 2 : 4
            let at = entry.data.lowerBound + 4
            guard at + idSize + 2 + 4 <= entry.data.upperBound else { return nil }
            let id = read(bytes, at: at, size: idSize)
            types[id] = String(decoding: bytes[(at + idSize + 2)..<(at + idSize + 6)], as: UTF8.self)
        }
        return types
    }

    /// Item ID → its extents in the file, from `iloc` (versions 0 to 2; file offsets only).
    private static func itemExtents(_ bytes: [UInt8], _ data: Range<Int>) -> [Int: [Range<Int>]]? {
        var at = data.lowerBound
        func take(_ size: Int) -> Int? {
            guard at + size <= data.upperBound else { return nil }
            defer { at += size }
            return read(bytes, at: at, size: size)
        }
        guard let version = take(1), version <= 2, take(3) != nil, let sizes = take(1), let more = take(1) else { return nil }
        let (offsetSize, lengthSize, baseSize) = (sizes >> 4, sizes & 15, more >> 4)
        let indexSize = version >= 1 ? more & 15 : 0
        guard let count = take(version < 2 ? 2 : 4) else { return nil }
        var extents: [Int: [Range<Int>]] = [:]
        for _ in 0..<count {
            guard let id = take(version < 2 ? 2 : 4) else { return nil }
            var method = 0
            if version >= 1 { guard let value = take(2) else { return nil }; method = value & 15 }
            guard take(2) != nil, let base = take(baseSize), let extentCount = take(2) else { return nil }
            for _ in 0..<extentCount {
                guard take(indexSize) != nil, let offset = take(offsetSize), let length = take(lengthSize) else { return nil }
                // Construction method 0: in the file; others (idat, another item) hold no mdat bytes.
                if method == 0, length > 0 { extents[id, default: []].append((base + offset)..<(base + offset + length)) }
            }
        }
        return extents
    }

    /// A big-endian number of `size` bytes (0: 0).
    private static func read(_ bytes: [UInt8], at offset: Int, size: Int) -> Int {
        (0..<size).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
    }
}
