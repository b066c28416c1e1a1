/// `budgets:` in `imgsite.yml`: limits a CI run holds the site to. `site`
/// and `files` shape the build: it chooses widths, formats and qualities
/// to fit them (`SiteBudget`). A page, file or site over its budget is a
/// warning naming it (an error under `--fail-on warning`). No budget is
/// set by default.
public struct BudgetSettings: Sendable, Equatable, Hashable {
    /// Bytes of an album page's first view: its HTML, the stylesheet, and
    /// the grid images above the fold at `viewport`.
    public var firstView: Int?
    /// Bytes of any one variant file.
    public var variant: Int?
    /// Bytes of the whole site: every image file, page and asset.
    public var site: Int?
    /// Files in the whole site (hosts that cap a deployment's files).
    public var files: Int?
    public var viewport = Viewport(width: 1280, height: 800, density: 1)

    public init() {}

    public var isEmpty: Bool { firstView == nil && variant == nil && !shapesSite }

    /// A whole-site budget is set: the build plans its outputs to fit it.
    public var shapesSite: Bool { site != nil || files != nil }
}

/// A browser window: CSS px and device pixels per CSS px.
public struct Viewport: Sendable, Equatable, Hashable, CustomStringConvertible, Encodable {
    public var width: Int
    public var height: Int
    public var density: Int

    public init(width: Int, height: Int, density: Int) {
        self.width = width
        self.height = height
        self.density = density
    }

    /// "1280x800", or "390x844@3x".
    public init?(_ text: String) {
        let parts = text.lowercased().split(separator: "@")
        let size = parts.first?.split(separator: "x") ?? []
        guard size.count == 2, let width = Int(size[0]), let height = Int(size[1]), (100...10_000).contains(width), (100...10_000).contains(height)
        else { return nil }
        var density = 1
        if parts.count == 2 {
            guard parts[1].hasSuffix("x"), let value = Int(parts[1].dropLast()), (1...4).contains(value) else { return nil }
            density = value
        } else if parts.count > 2 {
            return nil
        }
        self.init(width: width, height: height, density: density)
    }

    public var description: String { density == 1 ? "\(width)×\(height)" : "\(width)×\(height) at \(density)x" }
}
