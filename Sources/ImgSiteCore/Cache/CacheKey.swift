import Vips

/// Keys of the content-addressed cache. Each covers everything that shapes
/// the bytes it names, so equal keys mean equal bytes:
/// - an image: the source's content, the metadata policy, imgsite's and
///   libvips' versions;
/// - a variant: its image, format, width, that format's encoder settings, and
///   the larger widths it is derived from (each width is resized from the
///   previous one, so the chain shapes its pixels);
/// - a placeholder: its image, its kind, and the chain it is sampled from.
/// A change of one format's quality therefore misses only that format's keys.
enum CacheKey {
    static let versions = "imgsite \(ImgSiteVersion.current), libvips \(Vips.version)"

    static func image(content: String, metadata: MetadataPolicy) -> String {
        SourceHash.of(text: "image|\(versions)|\(content)|\(metadata.rawValue)")
    }

    static func variant(image: String, spec: VariantSpec, chain: [Int], encoder: EncodeSettings) -> String {
        SourceHash.of(text: "variant|\(image)|\(spec.format.rawValue)|\(spec.width)|\(chain)|\(encoder)")
    }

    static func placeholder(image: String, kind: PlaceholderKind, chain: [Int]) -> String {
        SourceHash.of(text: "placeholder|\(image)|\(kind.rawValue)|\(chain)")
    }
}

/// One output of an image: a width in a format.
struct VariantSpec: Sendable, Hashable {
    var width: Int
    var format: OutputFormat
}
