import Foundation

/// One source to process and where its outputs go.
public struct ImageJob: Sendable {
    public var source: SourceImage
    /// Output folder of the variants, relative to the site root ("nature/_img").
    public var outputFolder: String
    /// Slug the variant names start with ("storm" → "storm-960.3fa9c2d1.webp").
    public var slug: String

    /// The result recorded when this source was last finished, when the file
    /// and the settings are unchanged and every variant is still on disk:
    /// then nothing is decoded.
    func cachedResult(_ entry: JournalEntry?, plan: String, outputRoot: String) -> ProcessedImage? {
        guard let entry, entry.identity == source.identity, entry.plan == plan,
            entry.result.source == source.relativePath,
            entry.result.variants.allSatisfy({ $0.path.hasPrefix("\(outputFolder)/\(slug)-") }),
            entry.result.variants.allSatisfy({ FileManager.default.fileExists(atPath: outputRoot + "/" + $0.path) })
        else { return nil }
        return entry.result
    }
}
