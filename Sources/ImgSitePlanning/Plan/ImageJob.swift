/// One source to process and where its outputs go.
public struct ImageJob: Sendable {
    public var source: SourceImage
    /// Output folder of the variants, relative to the site root ("nature/_img").
    public var outputFolder: String
    /// Slug the variant names start with ("storm" → "storm-960.3fa9c2d1.webp").
    public var slug: String
    /// In a private album: its key's `AlbumKeys.check`, which names its
    /// published files; a new password makes the journal's entry stale.
    package var sealedBy: String?
}

extension ImageJob {
    /// The journal's plan of this source: the settings' key, and its
    /// sidecar's identity, so editing a caption file makes the entry stale;
    /// for a clip, the video settings too; for a Live Photo's still, its motion.
    package func journalPlan(_ settings: ImageSettings) -> String {
        ([settings.key] + [source.sidecar, source.markdown].compactMap { $0?.journalTag }
            + [source.journalTag(video: settings.video), sealedBy.map { "sealed:" + $0 }].compactMap { $0 })
            .joined(separator: " ")
    }
}
