/// Whether a file's name is one a camera or phone gave it ("IMG_4412",
/// "DSC_0001", "PXL_20240612_140312345.MP", "GOPR0042", "20240612_140312"):
/// a counter or a time stamp, no words of the photographer's. Such a name
/// makes a poor heading; the page says when the photo was taken instead.
package enum CameraFileName {
    /// The prefixes cameras and phones write before their counter, in capitals.
    static let prefixes: Set<String> = [
        "IMG", "DSC", "DSCN", "DSCF", "DSCI", "DSCS", "MVI", "MOV", "VID", "PXL", "GOPR", "GP", "GX", "GH", "DJI",
        "CIMG", "SAM", "PICT", "IMAG", "HPIM", "RIMG", "SDIM", "SDC", "KIMG", "PANO", "BURST", "MG", "DCP", "P", "PIC",
        "PHOTO", "VIDEO", "WP", "SNC", "EOS", "R",
    ]

    package static func matches(_ stem: String) -> Bool {
        var rest = Substring(stem)
        // Canon's Adobe RGB files ("_MG_1234") and edits' copies start with "_".
        while rest.first == "_" { rest = rest.dropFirst() }
        let letters = rest.prefix { $0.isASCII && $0.isLetter }
        guard letters.isEmpty || prefixes.contains(letters.uppercased()) else { return false }
        rest = rest.dropFirst(letters.count)
        if rest.first == "_" || rest.first == "-" { rest = rest.dropFirst() }
        // The counter or time stamp: at least three digits, runs joined by "_" or "-".
        let stamp = rest.prefix { $0.isASCII && ($0.isNumber || $0 == "_" || $0 == "-") }
        guard stamp.filter(\.isNumber).count >= (letters.isEmpty ? 8 : 3), stamp.first?.isNumber == true else { return false }
        return suffixIsMechanical(rest.dropFirst(stamp.count))
    }

    /// What phones and editors add after the counter: "~2", " (1)", ".MP",
    /// "-edited", "_HDR", "-WA0001", "_BURST001_COVER": short tags, no sentence.
    private static func suffixIsMechanical(_ suffix: Substring) -> Bool {
        let words = suffix.split { !($0.isLetter || $0.isNumber) }
        return words.count <= 3 && words.allSatisfy { word in
            word.count <= 8 && (word.allSatisfy(\.isNumber) || tags.contains(word.uppercased().trimmingDigits))
        }
    }

    private static let tags: Set<String> = [
        "MP", "HDR", "EDITED", "EDIT", "COPY", "BURST", "COVER", "WA", "PORTRAIT", "NIGHT", "PANO", "LIVE", "ORIGINAL",
        "TOP", "LL", "BOKEH", "RAW", "S", "E", "EFFECTS", "COLLAGE", "ANIMATION", "LONG", "EXPOSURE",
    ]
}

private extension String {
    /// "WA0001" → "WA", "BURST001" → "BURST".
    var trimmingDigits: String { String(prefix { !$0.isNumber }) }
}
