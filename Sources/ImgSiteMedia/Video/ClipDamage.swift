import Foundation

/// What a clip FFmpeg cannot open most likely is, in a photographer's
/// words rather than FFmpeg's ("Invalid data found when processing input").
/// An MP4 or MOV keeps its index (the `moov` box) after its frames unless
/// it was written for streaming, so a copy cut short loses the index first:
/// its top-level boxes say so.
enum ClipDamage {
    /// Why the clip at `path` cannot be read, or nil when its boxes do not tell.
    static func explain(_ path: String) -> String? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        guard let size = try? file.seekToEnd(), size > 0 else { return nil }
        var offset: UInt64 = 0
        var types: [String] = []
        while offset + 8 <= size {
            try? file.seek(toOffset: offset)
            guard let header = try? file.read(upToCount: 16), header.count >= 8 else { return nil }
            let bytes = [UInt8](header)
            var length = bytes[0..<4].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let type = String(decoding: bytes[4..<8], as: UTF8.self)
            // Box types are four printable characters: anything else is no MP4 or MOV.
            guard bytes[4..<8].allSatisfy({ (0x20...0x7E).contains($0) }) else { return types.isEmpty ? nil : index(missing: types, size: size) }
            if length == 1 {
                guard bytes.count >= 16 else { return nil }
                length = bytes[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            } else if length == 0 {
                length = size - offset
            }
            guard length >= 8, !types.isEmpty || Self.firstBoxes.contains(type) else { return nil }
            types.append(type)
            if offset + length > size {
                guard !types.contains("moov") else { return nil }
                return "the file ends before its index, at \(Bytes.text(Int(size))) of the \(Bytes.text(Int(offset + length))) its data says: "
                    + "an incomplete copy or download? Copy it again from the camera or phone"
            }
            offset += length
        }
        return index(missing: types, size: size)
    }

    /// What an MP4 or a QuickTime MOV starts with: a file starting otherwise is not one, whatever its name.
    private static let firstBoxes: Set<String> = ["ftyp", "wide", "free", "skip", "mdat", "moov", "pnot", "uuid"]

    /// An MP4 or MOV read to its end without an index: a recording stopped before it was written.
    private static func index(missing types: [String], size: UInt64) -> String? {
        guard types.first == "ftyp" || types.contains("mdat"), !types.contains("moov") else { return nil }
        return "the file has no index (its moov box): a recording that was interrupted (a battery or card that ran out) or an incomplete copy?"
    }
}
