import Foundation
import ImgSiteMedia

/// `watermark:`: a text or a logo laid on every still of a photo's own
/// views at or above `minWidth` (grids and covers take unmarked copies,
/// `VariantSpec.thumbnail`; never on placeholders or originals), scaled to
/// each file so that it looks the same on every screen.
public struct Watermark: Sendable, Hashable {
    public enum Mark: Sendable, Hashable {
        case text(String)
        /// A picture file (a PNG with transparency, usually), relative to
        /// the photos folder until the build resolves it.
        case image(String)

        package var path: String {
            if case .image(let path) = self { return path }
            return ""
        }
    }

    /// Where on the photo: a corner, an edge's middle or the centre.
    public enum Position: String, Sendable, Hashable, CaseIterable {
        case topLeft = "top-left", top, topRight = "top-right", left, center, right
        case bottomLeft = "bottom-left", bottom, bottomRight = "bottom-right"
    }

    public var mark: Mark
    public var position = Position.bottomRight
    /// The mark's height, as a share of the photo's shorter side.
    public var size = 0.04
    public var opacity = 0.6
    /// Its distance from the photo's edges, as a share of the shorter side.
    public var margin = 0.02
    /// Photo views' files narrower than this are left unmarked (the mark would not read).
    public var minWidth = 480
    /// The logo file's content hash, read when the build starts: a new
    /// logo under the same name marks the files again.
    var imageDigest: String?
    /// The logo's path relative to the photos folder when it is inside it.
    var logoInInput: String?

    public init(mark: Mark) {
        self.mark = mark
    }

    /// Whether a photo view's file `width` pixels wide is marked.
    package func marks(width: Int) -> Bool { width >= minWidth }

    /// Whether the file of `spec` is marked: not a grid's copy, wide enough.
    package func marks(_ spec: VariantSpec) -> Bool { !spec.thumbnail && marks(width: spec.width) }

    /// What shapes a marked file's pixels (not `minWidth`: it decides which
    /// files are marked, not how): part of their cache keys.
    package var identity: String {
        let mark = switch self.mark {
        case .text(let text): "text \(text.utf8.count):\(text)"
        case .image: "image \(imageDigest ?? "")"
        }
        return "\(Self.recipe)|\(mark)|\(position.rawValue)|\(size)|\(opacity)|\(margin)"
    }

    /// How a mark is drawn beyond its settings (`WatermarkLayer`): bumped when that changes.
    package static let recipe = 1
}

/// The site's watermark and the albums' own (`albums.<folder>.watermark`,
/// `false` for none), the deepest album's winning.
public struct WatermarkPolicy: Sendable, Hashable {
    public var site: Watermark?
    public var albums: [String: Watermark?] = [:]

    public init() {}

    package var isEmpty: Bool { site == nil && albums.isEmpty }

    /// The mark of the photo at `path` (relative to the input).
    package func mark(forSource path: String) -> Watermark? {
        albums.nearestAlbum(of: path) ?? site
    }

    /// Every mark, with each logo read from the photos folder `input`:
    /// its absolute path and content hash; one that cannot be read stops
    /// the build naming it.
    package func resolved(in input: URL) throws(BuildError) -> WatermarkPolicy {
        var policy = self
        policy.site = try site.map { (mark) throws(BuildError) in try Self.resolve(mark, in: input, key: "watermark") }
        for (folder, mark) in albums {
            policy.albums[folder] = try mark.map { (mark) throws(BuildError) in
                try Self.resolve(mark, in: input, key: "albums.\(folder).watermark")
            }
        }
        return policy
    }

    private static func resolve(_ watermark: Watermark, in input: URL, key: String) throws(BuildError) -> Watermark {
        guard case .image(let path) = watermark.mark else { return watermark }
        var resolved = watermark
        let file = path.hasPrefix("/") ? URL(fileURLWithPath: path) : input.appending(path: path)
        do {
            resolved.imageDigest = try SourceHash.of(file.path)
        } catch {
            throw BuildError(path: "\(key).image", "\(path) cannot be read: \(error.localizedDescription)")
        }
        resolved.mark = .image(file.standardizedFileURL.path)
        let root = input.standardizedFileURL.path + "/"
        if resolved.mark.path.hasPrefix(root) { resolved.logoInInput = String(resolved.mark.path.dropFirst(root.count)) }
        return resolved
    }

    /// Logos inside the photos folder, relative to it, once `resolved(in:)`
    /// (which keeps the input-relative path beside the absolute one): never
    /// published as photos.
    var logos: [String] {
        ([site] + Array(albums.values)).compactMap { $0?.logoInInput }
    }
}
