/// Capture dates ("2024-06-12T14:03:27", EXIF's, as records keep them) as
/// pages say them.
enum ReadableDate {
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                         "November", "December"]

    /// "12 June 2024": the heading of a photo a camera named. nil for what is no date.
    static func day(_ iso: String) -> String? {
        let parts = iso.prefix(10).split(separator: "-")
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              year > 0, (1...12).contains(month), (1...31).contains(day) else { return nil }
        return "\(day) \(months[month - 1]) \(year)"
    }

    /// "2024-06-12 14:03": the photo page's date line, to the minute.
    static func minute(_ iso: String) -> String {
        String(iso.prefix(16)).replacingOccurrences(of: "T", with: " ")
    }
}
