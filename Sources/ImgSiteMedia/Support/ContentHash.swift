import struct Foundation.Data

/// A short hash of output bytes for cache-busting file names
/// (`storm-960.3fa9c2d1.webp`): FNV-1a 64-bit, shown as 8 hex digits.
/// It names content, it does not protect it, so a fast non-cryptographic
/// hash is enough and keeps the dependency list short.
public enum ContentHash {
    public static func fnv1a64<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// 8 lower-case hex digits (32 bits folded from the 64-bit hash).
    public static func short<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let hash = fnv1a64(bytes)
        let folded = UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
        let hex = String(folded, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// The same for bytes in one buffer (an encoded variant): read in place,
    /// not through `Data`'s byte-at-a-time iterator, which took 1 % of a build.
    public static func short(_ data: Data) -> String {
        data.withUnsafeBytes { short($0) }
    }

    /// Hash of text, e.g. a description of build settings.
    public static func short(text: String) -> String { short(Array(text.utf8)) }
}
