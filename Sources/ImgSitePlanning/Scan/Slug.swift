import Foundation

/// URL-safe names for output files and pages: lower-case ASCII letters,
/// digits and single hyphens. Never starts with "_" or ".", so a slug cannot
/// collide with imgsite's own `_assets`/`_img` folders or hidden files.
public enum Slug {
    public static func make(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return ascii(text) }
        var slug = ""
        var pendingHyphen = false
        for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            let lower = Character(scalar).lowercased()
            if lower.count == 1, let ascii = lower.unicodeScalars.first, ascii.isASCII,
                ascii.properties.isAlphabetic || ("0"..."9").contains(ascii)
            {
                if pendingHyphen && !slug.isEmpty { slug.append("-") }
                slug.append(lower)
                pendingHyphen = false
            } else {
                pendingHyphen = true
            }
        }
        return String(slug.prefix(80))
    }

    /// The same rule for ASCII names (nearly all file names), on bytes: no
    /// Unicode decomposition, no `Character` per letter.
    private static func ascii(_ text: String) -> String {
        var slug: [UInt8] = []
        var pendingHyphen = false
        for byte in text.utf8 {
            let lower = byte >= 65 && byte <= 90 ? byte + 32 : byte
            if (lower >= 97 && lower <= 122) || (lower >= 48 && lower <= 57) {
                if pendingHyphen && !slug.isEmpty { slug.append(45) }
                slug.append(lower)
                pendingHyphen = false
            } else {
                pendingHyphen = true
            }
        }
        return String(decoding: slug.prefix(80), as: UTF8.self)
    }

    /// Slugs for `names`, unique within the list and never one of `reserved`:
    /// a clash gets "-2", "-3"…; a name with no usable letters gets `fallback`.
    public static func unique(_ names: [String], fallback: String, reserved: Set<String> = []) -> [String] {
        var taken = reserved
        return names.map { name in
            let made = make(name)
            let base = made.isEmpty ? fallback : made
            var candidate = base
            var counter = 2
            while taken.contains(candidate) {
                candidate = "\(base)-\(counter)"
                counter += 1
            }
            taken.insert(candidate)
            return candidate
        }
    }
}
