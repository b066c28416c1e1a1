import Foundation

/// One source to process and where its outputs go.
public struct ImageJob: Sendable {
    public var source: SourceImage
    /// Output folder of the variants, relative to the site root ("nature/_img").
    public var outputFolder: String
    /// Slug the variant names start with ("storm" → "storm-960.3fa9c2d1.webp").
    public var slug: String

    /// The previous build's result, when the source and settings are unchanged
    /// and every variant is still on disk: then nothing is decoded.
    public func cachedResult(in manifest: [String: ProcessedImage], settingsKey: String, outputRoot: String) -> ProcessedImage? {
        guard let previous = manifest[source.relativePath],
            previous.sourceBytes == source.byteCount,
            previous.sourceModified == source.modified,
            previous.settingsKey == settingsKey,
            previous.variants.allSatisfy({ $0.path.hasPrefix("\(outputFolder)/\(slug)-") }),
            previous.variants.allSatisfy({ FileManager.default.fileExists(atPath: outputRoot + "/" + $0.path) })
        else { return nil }
        return previous
    }
}

