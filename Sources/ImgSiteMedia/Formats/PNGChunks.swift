/// PNG's container: an 8-byte signature, then chunks of
/// `length(4) type(4) data(length) crc(4)`, big-endian.
package enum PNGChunks {
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    package struct Chunk: Equatable {
        package var type: String
        package var data: ArraySlice<UInt8>
    }

    /// Why a PNG's chunks cannot be read.
    package struct Damage: Error {
        package let reason: String
    }

    /// Every chunk up to IEND, each checked against its CRC.
    package static func read(_ bytes: [UInt8]) throws(Damage) -> [Chunk] {
        guard bytes.starts(with: signature) else { throw Damage(reason: "not a PNG file") }
        var chunks: [Chunk] = []
        var offset = signature.count
        while offset < bytes.count {
            guard offset + 12 <= bytes.count else { throw Damage(reason: "truncated after \(chunks.last?.type ?? "the signature")") }
            let length = Int(bytes.bigEndianUInt32(at: offset))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard length <= bytes.count - offset - 12 else { throw Damage(reason: "\(type) chunk truncated (\(length) bytes announced)") }
            let data = bytes[(offset + 8)..<(offset + 8 + length)]
            guard CRC32.checksum(bytes[(offset + 4)..<(offset + 8 + length)]) == bytes.bigEndianUInt32(at: offset + 8 + length) else {
                throw Damage(reason: "\(type) chunk damaged (CRC mismatch)")
            }
            chunks.append(Chunk(type: type, data: data))
            offset += 12 + length
            if type == "IEND" { return chunks }
        }
        throw Damage(reason: "truncated: no IEND chunk")
    }

    /// A chunk as written in a file.
    package static func encode(_ type: String, _ data: some Collection<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.appendBigEndian(UInt32(data.count))
        let body = Array(type.utf8) + Array(data)
        out += body
        out.appendBigEndian(CRC32.checksum(body))
        return out
    }
}

/// CRC-32 (ISO 3309), as PNG chunks use.
enum CRC32 {
    package static let table: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    package static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { crc, byte in table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
}
