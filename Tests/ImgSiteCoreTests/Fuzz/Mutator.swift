/// Deterministic corruptions of a file's bytes, as a damaged disk, a broken
/// download or a hostile sender would make them.
struct Mutator {
    /// SplitMix64: small, fast and the same on every machine for a seed.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
    }

    enum Kind: String, CaseIterable {
        case flipBits = "flip", flipHeader = "flip-header", truncate, zeroRange = "zero", duplicateRange = "duplicate"
        case hugeHeaderField = "huge-field", twoAtOnce = "two"
    }

    var random: Random

    mutating func mutate(_ bytes: [UInt8], _ kind: Kind) -> [UInt8] {
        var bytes = bytes
        guard bytes.count > 2 else { return bytes }
        switch kind {
        case .flipBits:
            for _ in 0...random.below(8) { bytes[random.below(bytes.count)] ^= UInt8(1 << random.below(8)) }
        case .flipHeader:
            let header = min(bytes.count, 256)
            for _ in 0...random.below(4) { bytes[random.below(header)] ^= UInt8(1 << random.below(8)) }
        case .truncate:
            bytes = Array(bytes.prefix(1 + random.below(bytes.count - 1)))
        case .zeroRange:
            let start = random.below(bytes.count)
            let end = min(bytes.count, start + 1 + random.below(512))
            for index in start..<end { bytes[index] = 0 }
        case .duplicateRange:
            let start = random.below(bytes.count)
            let slice = bytes[start..<min(bytes.count, start + 1 + random.below(4096))]
            bytes.insert(contentsOf: slice, at: random.below(bytes.count))
        case .hugeHeaderField:
            // Sizes and counts sit in the first bytes of every format: make one enormous or zero.
            let position = random.below(min(bytes.count - 1, 64))
            let value: UInt8 = random.below(2) == 0 ? 0xFF : 0x00
            bytes[position] = value
            bytes[position + 1] = value
        case .twoAtOnce:
            let kinds: [Kind] = [.flipBits, .truncate, .zeroRange, .duplicateRange, .hugeHeaderField]
            bytes = mutate(mutate(bytes, kinds[random.below(kinds.count)]), kinds[random.below(kinds.count)])
        }
        return bytes
    }
}
