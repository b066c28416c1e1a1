extension Array where Element == UInt8 {
    /// Appends `value` most significant byte first (PNG, TIFF, ISO boxes).
    package mutating func appendBigEndian<Value: FixedWidthInteger>(_ value: Value) {
        for shift in stride(from: Value.bitWidth - 8, through: 0, by: -8) {
            append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }
}

extension Array where Element == UInt8 {
    /// The 4 bytes at `offset`, most significant first; the caller checks the bounds.
    package func bigEndianUInt32(at offset: Int) -> UInt32 {
        (offset..<offset + 4).reduce(0) { $0 << 8 | UInt32(self[$1]) }
    }

    /// The 2 bytes at `offset`, most significant first.
    package func bigEndianUInt16(at offset: Int) -> UInt16 {
        UInt16(self[offset]) << 8 | UInt16(self[offset + 1])
    }
}
