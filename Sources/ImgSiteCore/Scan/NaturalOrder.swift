/// "Natural" name order: digit runs compare as numbers (img2 < img10),
/// letters compare case-insensitively, ties fall back to the exact text.
public enum NaturalOrder {
    public static func less(_ a: String, _ b: String) -> Bool {
        var left = Array(a.unicodeScalars)[...]
        var right = Array(b.unicodeScalars)[...]
        while let l = left.first, let r = right.first {
            if isDigit(l), isDigit(r), let ln = takeNumber(&left), let rn = takeNumber(&right) {
                if ln != rn { return ln < rn }
                continue
            }
            let lf = l.properties.lowercaseMapping, rf = r.properties.lowercaseMapping
            if lf != rf { return lf < rf }
            left = left.dropFirst()
            right = right.dropFirst()
        }
        if left.isEmpty != right.isEmpty { return left.isEmpty }
        return a < b
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    /// Consumes a run of ASCII digits; compares by value without overflow
    /// (leading zeros dropped, then length, then digits).
    private static func takeNumber(_ text: inout ArraySlice<Unicode.Scalar>) -> String? {
        let digits = text.prefix(while: isDigit)
        guard !digits.isEmpty else { return nil }
        text = text.dropFirst(digits.count)
        let trimmed = String(String.UnicodeScalarView(digits.drop { $0 == "0" }))
        return String(repeating: "0", count: max(0, 40 - trimmed.count)) + trimmed
    }
}
