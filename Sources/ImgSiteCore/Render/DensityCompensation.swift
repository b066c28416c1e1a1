import Foundation

/// Chromium's `srcset` choice on screens denser than 1x takes the smaller
/// of the two files around the wanted density whenever the screen is below
/// their geometric mean, so half of its images come out upscaled by up to
/// √step. Declaring sizes √step wider on those screens only, for a ladder
/// `step` apart, turns its choice back into the smallest file that covers
/// the painted pixels; 1x screens, and every other browser's 1x choice, see
/// the exact size.
struct DensityCompensation: Sendable {
    /// √step of the width ladder.
    let factor: Double

    init(step: Double) { factor = step.squareRoot() }

    /// `sizes` with, before each entry, the same entry √step wider on screens above 1x.
    func apply(to sizes: String) -> String {
        let scale = String(format: "%.4f", factor)
        return Self.entries(sizes).flatMap { condition, length -> [String] in
            let dense = (condition.map { "\($0) and " } ?? "") + "\(Self.denseScreens) calc(\(length) * \(scale))"
            return [dense, (condition.map { "\($0) " } ?? "") + length]
        }.joined(separator: ", ")
    }

    static let denseScreens = "(min-resolution: 1.01dppx)"

    /// Entries of a `sizes` attribute as (media condition, length); top-level commas only.
    static func entries(_ sizes: String) -> [(condition: String?, length: String)] {
        var entries: [String] = [], depth = 0, current = ""
        for character in sizes {
            if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
            if character == ",", depth == 0 {
                entries.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
        }
        entries.append(current.trimmingCharacters(in: .whitespaces))
        return entries.map { entry in
            guard entry.hasPrefix("("), let close = Self.matchingParenthesis(entry) else { return (nil, entry) }
            return (String(entry[...close]), String(entry[entry.index(after: close)...]).trimmingCharacters(in: .whitespaces))
        }
    }

    private static func matchingParenthesis(_ text: String) -> String.Index? {
        var depth = 0
        for index in text.indices {
            if text[index] == "(" { depth += 1 } else if text[index] == ")" { depth -= 1; if depth == 0 { return index } }
        }
        return nil
    }
}
