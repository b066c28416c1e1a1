import Foundation

/// Which placeholder technique a site uses. New kinds (e.g. ThumbHash) add
/// a case and a `PlaceholderCodec`; the pipeline and templates stay as they are.
public enum PlaceholderKind: String, Sendable, CaseIterable, Codable {
    /// A tiny colour grid, 6 bits a channel (`GridPlaceholder`).
    case grid
    /// No placeholder.
    case none

    /// The codec implementing this kind, nil for `.none`.
    public var codec: (any PlaceholderCodec)? {
        switch self {
        case .grid: GridPlaceholder()
        case .none: nil
        }
    }
}

/// A tiny RGB image: the sample a placeholder is computed from, and what
/// its compact string decodes back to.
public struct RGBGrid: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// Interleaved R, G, B bytes, row by row.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 3, "RGBGrid needs width × height × 3 bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}

/// One placeholder technique: what sample it needs, how it packs the sample
/// into a compact string, and how it unpacks it again.
public protocol PlaceholderCodec: Sendable {
    var kind: PlaceholderKind { get }
    /// Grid size to sample for an image of this aspect (width / height).
    func sampleSize(aspect: Double) -> (width: Int, height: Int)
    func encode(_ sample: RGBGrid) -> String
    /// The grid the string stands for, or nil if it is not one of ours.
    func decode(_ text: String) -> RGBGrid?
}

/// A computed placeholder: the compact string (kept in the manifest) and
/// the data-URI image painted behind the photo (kept in the HTML).
public struct Placeholder: Sendable, Codable, Equatable {
    public var kind: PlaceholderKind
    public var value: String
    public var dataURI: String

    /// Computes the placeholder of `sample` with `codec`.
    public init(sample: RGBGrid, codec: any PlaceholderCodec) {
        kind = codec.kind
        value = codec.encode(sample)
        let decoded = codec.decode(value) ?? sample
        dataURI = "data:image/png;base64," + TinyPNG.encode(decoded).base64
    }
}

private extension Array where Element == UInt8 {
    var base64: String { Data(self).base64EncodedString() }
}

