/// One source to process and where its outputs go.
public struct ImageJob: Sendable {
    public var source: SourceImage
    /// Output folder of the variants, relative to the site root ("nature/_img").
    public var outputFolder: String
    /// Slug the variant names start with ("storm" → "storm-960.3fa9c2d1.webp").
    public var slug: String

    /// The summary the journal recorded when this source was last finished
    /// here, when the file and the settings are unchanged and every variant
    /// is still in place: then the source is not even opened.
    func fresh(_ entry: JournalEntry?, plan: String, listing: inout OutputListing) -> ImageSummary? {
        guard let entry, entry.identity == source.identity, entry.plan == journalPlan(plan), !entry.fileLines.isEmpty else { return nil }
        let prefix = "\(outputFolder)/\(slug)-"
        let names = listing.names(in: outputFolder)
        // Line by line on UTF-8 bytes, with no array and no Character
        // walking: this runs for every photo of a no-op build.
        let lines = entry.fileLines.utf8
        var start = lines.startIndex
        while start < lines.endIndex {
            let end = lines[start...].firstIndex(of: UInt8(ascii: "\n")) ?? lines.endIndex
            let file = lines[start..<end]
            guard file.starts(with: prefix.utf8),
                names.contains(String(Substring(file.dropFirst(outputFolder.utf8.count + 1))))
            else { return nil }
            start = end == lines.endIndex ? end : lines.index(after: end)
        }
        return entry.summary
    }
}

extension ImageJob {
    /// The journal's plan of this source: the settings' key, and its
    /// sidecar's identity, so editing a caption file makes the entry stale.
    func journalPlan(_ settingsKey: String) -> String {
        source.sidecar.map { "\(settingsKey) \($0.journalTag)" } ?? settingsKey
    }
}
