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
        guard let entry, entry.identity == source.identity, entry.plan == plan, !entry.fileLines.isEmpty else { return nil }
        let prefix = "\(outputFolder)/\(slug)-"
        let names = listing.names(in: outputFolder)
        for file in entry.files {
            guard file.hasPrefix(prefix), names.contains(String(file.dropFirst(outputFolder.utf8.count + 1))) else { return nil }
        }
        return entry.summary
    }
}
