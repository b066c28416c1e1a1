/// What a file is for its image: the image itself (a still's sizes, or an
/// animation), the fallback of an animation for browsers without animated
/// WebP (a GIF), or the still poster of an animation (the grid, and
/// `prefers-reduced-motion`).
public enum VariantRole: String, Sendable, Codable, Hashable {
    case image, fallback, poster
}
