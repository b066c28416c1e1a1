import ImgSiteMedia
import ImgSitePlanning
import Vips

/// Keys of the content-addressed cache. Each covers everything that shapes
/// the bytes it names, so equal keys mean equal bytes:
/// - an image: the source's content, the metadata policy, imgsite's and
///   libvips' versions;
/// - a variant: its image, format, width, that format's encoder settings,
///   the larger widths it is derived from and how (each width is resized
///   from a larger one, so the chain shapes its pixels), the still path's
///   route (`StillPath.Route`: the planes or RGB) and the still recipe;
/// - an animated file: its image, format, role, the frames kept with their
///   durations and size, and the encoder settings;
/// - a placeholder: its image, its kind, the chain it is sampled from and
///   the route and recipe that made that chain.
/// A change of one format's quality therefore misses only that format's keys.
enum CacheKey {
    /// With the native paths that shape bytes (`Native.signature`): a build
    /// under `IMGSITE_NATIVE=off` never takes files the fast paths made.
    static let versions = "imgsite \(ImgSiteVersion.current), libvips \(Vips.version), native \(Native.signature)"

    /// `media`: a RAW file is read through its preview (`RawPreview`: the
    /// same bytes named `.webp` are read another way); a clip through its
    /// poster frame (`ClipSource`), made under `video` (its `posterKey`).
    static func image(content: String, metadata: MetadataPolicy, media: SourceMedia = .image, video: VideoSettings) -> String {
        let read = switch media {
        case .image, .livePhoto: ""
        case .raw: "|raw preview"
        case .clip: "|clip poster|r\(videoRecipe)|\(video.posterKey)"
        }
        return SourceHash.of(text: "image|\(versions)|\(content)|\(metadata.rawValue)" + read)
    }

    /// How a clip's files and poster are made beyond their settings (the
    /// filter graph, the poster's choice): bumped when that changes.
    static let videoRecipe = 1

    /// A clip's video file: its image (the clip's content), codec, size,
    /// encoder and its options, the sound, and FFmpeg's version.
    static func video(
        image: String, codec: VideoCodec, width: Int, height: Int, frameRate: Double, encoder: String, settings: VideoSettings
    ) -> String {
        let options = VideoCodec.options(encoder: encoder, width: width, height: height, frameRate: frameRate, quality: settings.quality)
        let audio = settings.audio
        return SourceHash.of(
            text: "video|r\(videoRecipe)|\(ClipProbe.version ?? "")|\(image)|\(codec.rawValue)|\(width)x\(height)|\(encoder)|\(options)|\(audio.rawValue)")
    }

    /// How each width is derived from the larger ones (`ResizeChain`).
    static let derivation = "from ≥\(ResizeChain.derivationFactor)× and ≥\(ResizeChain.smallestBase) px"

    /// How stills are decoded, resized and encoded beyond their settings.
    /// Bump it in the commit that changes a still's bytes for the same
    /// source and settings (a resampler, a scan script, a rounding, a
    /// decoder option), so no cache serves files made the old way.
    /// `StillRecipeTests` fails when still bytes change and this does not.
    static let stillRecipe = 2

    /// `watermark`: the identity of the mark laid on it, if any (`Watermark.identity`).
    static func variant(
        image: String, spec: VariantSpec, chain: [Int], route: StillPath.Route, encoder: EncodeSettings, watermark: String? = nil
    ) -> String {
        let role = spec.role == .image ? "" : "|\(spec.role.rawValue)"
        return SourceHash.of(
            text: "variant|s\(stillRecipe)|\(route.rawValue)|\(image)|\(spec.format.rawValue)|\(spec.width)\(role)|\(chain)|\(derivation)|\(encoder)"
                + (watermark.map { "|watermark \($0)" } ?? ""))
    }

    /// How animated files are made beyond their settings (the WebP's lossless
    /// choice from its first frame, the GIF's running-total delays): a new
    /// revision when that changes, so no cache serves files made the old way.
    static let animationRecipe = 3

    static func animation(image: String, spec: VariantSpec, frames: FrameThinner.Plan, encoder: EncodeSettings) -> String {
        SourceHash.of(text: "animation|r\(animationRecipe)|\(image)|\(spec.format.rawValue)|\(spec.role.rawValue)|\(frames.width)x\(frames.height)|"
            + "\(frames.frames)|\(frames.durations)|\(encoder)")
    }

    /// How an original is cut (`OriginalDownload`): bumped when that changes.
    static let originalRecipe = 1

    /// The source as `downloads: original` publishes it: its image key
    /// holds its content and the metadata policy.
    /// `container`: a clip's, its file's extension: the same streams make
    /// another file in another container (or none: VP9 has no Ogg form).
    /// `gainMap`: an HDR photo's own file keeps its gain map (`GainMapJPEG.cleaned`).
    static func original(image: String, container: String? = nil, gainMap: Bool = false) -> String {
        SourceHash.of(text: "original|r\(originalRecipe)|\(image)" + (container.map { "|\($0)" } ?? "") + (gainMap ? "|gain map" : ""))
    }

    static func placeholder(image: String, kind: PlaceholderKind, chain: [Int], route: StillPath.Route) -> String {
        SourceHash.of(
            text: "placeholder|r\(PlaceholderPolicy.recipe)|s\(stillRecipe)|\(route.rawValue)|\(image)|\(kind.rawValue)|\(chain)|\(derivation)")
    }
}
