extension Array where Element == UInt8 {
    /// Appends `value` most significant byte first (PNG, TIFF, ISO boxes).
    mutating func appendBigEndian<Value: FixedWidthInteger>(_ value: Value) {
        for shift in stride(from: Value.bitWidth - 8, through: 0, by: -8) {
            append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }
}
