/// Which plural form a count takes in a language: CLDR's categories
/// (zero, one, two, few, many, other) for whole numbers, by the rules of
/// the Unicode CLDR plural tables. A language not listed has "one" for 1.
enum PluralRule {
    static func category(_ n: Int, language: String) -> String {
        let base = language.split(separator: "-").first.map { $0.lowercased() } ?? ""
        let (tens, hundreds) = (n % 10, n % 100)
        switch base {
        case "ja", "zh", "ko", "vi", "th", "id", "ms":
            return "other"
        case "fr":
            return n == 0 || n == 1 ? "one" : n != 0 && n % 1_000_000 == 0 ? "many" : "other"
        case "pl":
            if n == 1 { return "one" }
            return (2...4).contains(tens) && !(12...14).contains(hundreds) ? "few" : "many"
        case "ru", "uk":
            if tens == 1 && hundreds != 11 { return "one" }
            return (2...4).contains(tens) && !(12...14).contains(hundreds) ? "few" : "many"
        case "cs", "sk":
            return n == 1 ? "one" : (2...4).contains(n) ? "few" : "other"
        case "ar":
            switch n {
            case 0: return "zero"
            case 1: return "one"
            case 2: return "two"
            default: return (3...10).contains(hundreds) ? "few" : (11...99).contains(hundreds) ? "many" : "other"
            }
        case "he":
            return n == 1 ? "one" : n == 2 ? "two" : "other"
        default:
            return n == 1 ? "one" : "other"
        }
    }
}
