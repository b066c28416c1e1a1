import Foundation
import ImgSiteMedia

/// Everything a site can set in `imgsite.yml`. Defaults come from `SiteConfig()`.
///
/// ```yaml
/// version: 1
/// title: Holidays
/// formats: [jpeg, webp, avif]
/// ```
public struct SiteConfig: Sendable, Equatable {
    /// The only config schema version this imgsite reads.
    public static let currentVersion = 1

    /// Schema version of the file.
    public var version = SiteConfig.currentVersion
    /// Site title, shown on the index page and in every page's `<title>`.
    public var title = "Gallery"
    /// The site's language, a BCP 47 tag ("de", "pt-BR"): the theme's words,
    /// dates and numbers, `<html lang>` and the writing direction. nil: English.
    public var language: String?
    /// The theme's colours (`theme.accent`, `theme.backdrop`): nil, its own.
    public var accent: RGB?
    public var backdrop: RGB?
    /// Which widths to make: derived from the theme's layout, or a fixed list.
    public var widths: WidthPolicy = .auto
    /// With `widths: auto`, each width up to 1,600 px is this many times
    /// the next smaller one: over-decoding stays below it, at the cost of
    /// more files.
    public var widthStep = WidthPlanner.defaultStep
    /// The same above 1,600 px (photo pages); nil: the larger of
    /// `widthStep` and 1.3.
    public var wideWidthStep: Double?
    /// No variant is wider than this, whatever the layout or source says.
    public var maxWidth = 3840
    /// Output formats; JPEG is the `<img>` fallback and always included.
    public var formats: [OutputFormat] = [.jpeg, .webp]
    public var jpeg = JPEGSettings()
    /// With `dense_format: webp`, dense screens' files at quality 45,
    /// effort 2: seen at the size the eye resolves, as like the photo as
    /// the 1x file at 80 (`make bench-formats`, docs/how-it-works.md, "Dense screens").
    public var webp = CodecSettings(quality: 80, effort: 4, largeEffort: 2, dense: .init(quality: 45, effort: 2))
    /// Quality 60 is as like the photo as WebP's 80 (SSIM and PSNR of the
    /// luma, `make bench-formats`) in about 60 % of the bytes; effort 0
    /// keeps that likeness at a third of effort 1's CPU, under WebP's own.
    /// Dense screens' files at 48 (libheif makes the same files at 47): the
    /// lowest quality whose 2x file, seen at the CSS size, is as like the
    /// photo as WebP's 1x file at 80 (45 is not).
    public var avif = CodecSettings(quality: 60, effort: 0, dense: .init(quality: 48, effort: 0))
    /// The format of the files for screens of 2x and more (`DenseScreens`),
    /// whether or not it is in `formats`; nil: none. AVIF: about 30 % fewer
    /// bytes than WebP's at a likeness no lower, for about 12 % more encoder CPU.
    public var denseFormat: OutputFormat? = .avif
    public var jxl = CodecSettings(quality: 75, effort: 4)
    /// Which metadata survives into outputs (GPS and serials never do).
    public var metadata: MetadataPolicy = .strip
    /// A folder of templates that override the built-in theme, relative to
    /// the input folder; `templates/` there is used when this is nil.
    public var templates: String?
    /// Images with more pixels than this are refused from their header,
    /// before any decoding (decompression bombs).
    public var pixelLimit = 100_000_000
    /// The placeholder painted before an image loads.
    public var placeholder: PlaceholderKind = .standard
    /// Per-album settings, by album folder relative to the input ("travel/2019");
    /// an album's choice holds for the albums inside it too.
    public var albums: [String: AlbumSettings] = [:]
    /// Globs of files and folders never to publish, relative to the input (`ExcludeRules`).
    public var exclude: [String] = []
    /// How animations (GIF, animated WebP, APNG) are fitted and saved.
    public var animated = AnimationSettings()
    /// Byte limits on first views and files (none by default).
    public var budgets = BudgetSettings()
    /// Where the site is published ("https://example.com/photos/"). With it,
    /// pages carry Open Graph and Twitter card tags and the site gets
    /// `sitemap.xml` and an Atom feed; without it none of that is written.
    public var baseURL: String?
    /// The photo page's panel of camera, lens and exposure (never GPS or serials).
    public var photoDetails = true
    /// What each photo page offers to download.
    public var downloads: DownloadPolicy = .none
    /// One zip of each album's downloads, linked from its page.
    public var albumZip = false
    /// Camera RAW files: shown through their embedded previews, or skipped.
    public var raw: RawPolicy = .preview
    /// Video clips: their sizes, codecs, sound and poster.
    public var video = VideoSettings()
    /// Seconds each photo stays in the photo pages' slideshow (`slideshow.seconds`).
    public var slideshowSeconds = 5.0
    /// The mark laid on every still at or above its `min_width` (none by default).
    public var watermark: Watermark?
    /// HDR photos: both renditions, each to its screen, or SDR only.
    public var hdr: HDRMode = .keep
    /// HDR files for screens of 2x and more too (`hdr_dense`; a budget may give them up).
    public var hdrDense = true

    public init() {}
}

/// What becomes of camera RAW files (`raw:`).
public enum RawPolicy: String, Sendable, Equatable, CaseIterable {
    /// Each RAW file with no image of the same name beside it is shown
    /// through the full-size JPEG preview its camera embedded.
    case preview
    /// RAW files are skipped (and counted as skipped).
    case skip
}

/// What a photo page offers to download (`downloads:`).
public enum DownloadPolicy: String, Sendable, Equatable, CaseIterable, Codable {
    /// Nothing: the page shows the photo only.
    case none
    /// Its largest JPEG, already among its files.
    case largest
    /// The source file itself, its metadata cut to the policy's without
    /// touching the pixels (JPEG, PNG, WebP); other formats offer their largest JPEG.
    case original
}

/// What one album may set differently from the site.
public struct AlbumSettings: Sendable, Equatable {
    public var placeholder: PlaceholderKind?
    /// What an `album.yml` may say, said here instead (the album's own file wins key by key).
    public var file = AlbumFile()
    /// Globs of what not to publish, relative to the input (the album's folder prefixed).
    public var exclude: [String] = []
    /// Published encrypted, behind a password (`private:`).
    public var privacy: PrivateAlbumSettings?
    /// Its own watermark (`.some(nil)`: `watermark: false`, none); nil: the site's.
    public var watermark: Watermark??
    /// Its HDR photos' choice; nil: the site's.
    public var hdr: HDRMode?

    public init(placeholder: PlaceholderKind? = nil) {
        self.placeholder = placeholder
    }
}

extension SiteConfig {
    /// What is never published: the site's `exclude` and every album's.
    public var excludeRules: ExcludeRules {
        // A watermark's logo in the photos folder is not one of its photos (resolved: `resolveWatermarks`).
        ExcludeRules(exclude + albums.keys.sorted().flatMap { albums[$0]!.exclude } + watermarks.logos)
    }

    /// The watermark of every image: its album's, or the site's.
    public var watermarks: WatermarkPolicy {
        var policy = WatermarkPolicy()
        policy.site = watermark
        policy.albums = albums.compactMapValues(\.watermark)
        return policy
    }

    /// Every watermark's logo read from the photos folder `input` (`WatermarkPolicy.resolved`).
    package mutating func resolveWatermarks(in input: URL) throws(BuildError) {
        guard !watermarks.isEmpty else { return }
        let resolved = try watermarks.resolved(in: input)
        watermark = resolved.site
        for (folder, mark) in resolved.albums { albums[folder]?.watermark = .some(mark) }
    }

    /// Whether each HDR photo keeps its HDR rendition: the site's choice, or its album's.
    public var hdrPolicy: HDRPolicy {
        var policy = HDRPolicy(site: hdr, albums: albums.compactMapValues(\.hdr))
        policy.denseScreens = hdrDense
        return policy
    }

    /// The placeholder of every image: the site's, or its album's.
    public var placeholderPolicy: PlaceholderPolicy {
        PlaceholderPolicy(site: placeholder, albums: albums.compactMapValues(\.placeholder))
    }
}

/// How variant widths are chosen.
public enum WidthPolicy: Sendable, Equatable, Hashable, Encodable {
    /// From the theme: a ladder `width_step` apart from the narrowest the
    /// theme paints an image at 1x to the widest any screen paints it.
    case auto
    /// Exactly these widths (each still capped at the source width).
    case fixed([Int])
}

/// Quality settings of an encoder: quality 1–100, effort per libvips' scale.
public struct CodecSettings: Sendable, Equatable, Hashable, Encodable {
    public var quality: Int
    public var effort: Int
    /// The effort for files wider than `largeWidth` (WebP only). Those are the
    /// slowest encodes and the rarest downloads: dense screens take their own
    /// files up to that width, so above it mostly photo pages on 2x screens
    /// fetch them, one at a time. At 1,966 px, libwebp's effort 2 takes 41 %
    /// of the CPU of 4 for 3.8 % more bytes (32 corpus photos, Q 80).
    public var largeEffort: Int?
    public static let largeWidth = DenseScreens.widest
    /// Quality and effort of the files for screens of 2x and more
    /// (`DenseScreens`) when this is their format. Only codecs with a
    /// default here (WebP, AVIF) can be it.
    public var dense: Dense?

    public struct Dense: Sendable, Equatable, Hashable, Encodable {
        public var quality: Int
        public var effort: Int

        public init(quality: Int, effort: Int) {
            self.quality = quality
            self.effort = effort
        }
    }

    public init(quality: Int, effort: Int, largeEffort: Int? = nil, dense: Dense? = nil) {
        self.quality = quality
        self.effort = effort
        self.largeEffort = largeEffort
        self.dense = dense
    }

    /// The effort for a file `width` pixels wide.
    public func effort(width: Int) -> Int {
        width > Self.largeWidth ? largeEffort ?? effort : effort
    }
}

/// JPEG settings. Chroma is 4:2:0 unless a site asks for 4:4:4.
public struct JPEGSettings: Sendable, Equatable, Hashable, Encodable {
    public var quality = 80
    /// `true`: YUV 4:2:0 at every quality (libvips alone goes 4:4:4 at Q ≥ 90).
    public var subsample420 = true
    /// Progressive scans for images at least this wide; smaller ones are
    /// baseline, where progressive costs CPU and saves nothing.
    public var progressiveMinWidth = 480
    /// Beside other formats, JPEGs only at the fallback's few widths
    /// (`JPEGFallback`), at one, or at every width.
    public var widths = JPEGWidths.fallback
}

/// `jpeg.widths`: where a site with WebP makes JPEGs.
public enum JPEGWidths: String, Sendable, Hashable, CaseIterable, Encodable {
    /// Three widths about twice apart (`JPEGFallback`).
    case fallback
    /// The fallback's widest only (what a budget may give up).
    case one
    /// Every width.
    case all
}

/// What metadata outputs keep.
public enum MetadataPolicy: String, Sendable, Equatable, CaseIterable, Encodable {
    /// Nothing: no EXIF, XMP, IPTC or ICC in any output.
    case strip
    /// Only the EXIF Artist and Copyright tags (the photographer's credit).
    case keepCopyright = "keep-copyright"
}
