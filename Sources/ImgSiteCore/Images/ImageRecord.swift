/// What decoding a source established, kept in the cache by image key so a
/// cached image needs no decode at all: its upright size, alpha, the
/// metadata pages may show, and the damage it was built despite.
struct ImageRecord: Codable, Sendable, Equatable {
    var width: Int
    var height: Int
    var hasAlpha: Bool
    var metadata: KeptMetadata
    var warnings: [String]
}
