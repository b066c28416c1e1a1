import Foundation
import ImgSiteMedia
import Vips

/// A source file as `downloads: original` publishes it: its pixels' bytes
/// untouched, its metadata cut to what the policy allows. Nothing is
/// filtered out of the file's own EXIF: a new one is written holding only
/// what may be kept (the orientation, and the credit under
/// `keep-copyright`), so no GPS, serial number or maker note can ride
/// along. The colour profile stays: without it the same pixels would show
/// other colours.
package enum OriginalDownload {
    /// The format of a file whose metadata can be cut without decoding
    /// (JPEG, WebP), from its first bytes.
    package static func format(of bytes: [UInt8]) -> OutputFormat? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) { return .webp }
        return nil
    }

    /// The format `source`'s own file is published in under `downloads:
    /// original`, from its first bytes; a clip's is its own container
    /// (`ClipRemux`); nil for a RAW file (its preview is what is shown) or a
    /// file that cannot be read.
    package static func format(of source: SourceImage) -> FileFormat? {
        switch source.media {
        case .clip: return .clip
        case .raw: return nil
        case .image, .livePhoto: break
        }
        guard let handle = FileHandle(forReadingAtPath: source.absolutePath) else { return nil }
        defer { try? handle.close() }
        return format(of: [UInt8]((try? handle.read(upToCount: 12)) ?? Data())).map(FileFormat.image)
    }

    /// A gain-map JPEG's `bytes` with its metadata cut and its gain map kept
    /// (`GainMapJPEG.cleaned`), its parameters read by libvips from `path`;
    /// nil when they cannot be read or its structure followed (then cut as
    /// any JPEG, an SDR file).
    package static func cleaned(gainMapJPEG bytes: [UInt8], path: String, policy: MetadataPolicy,
                        credit: (artist: String?, copyright: String?)) -> (OutputFormat, [UInt8])? {
        guard let parameters = try? VipsImage.gainMapParameters(ofFile: path) else { return nil }
        let kept = policy == .keepCopyright ? credit : (nil, nil)
        return GainMapJPEG.cleaned(bytes, parameters: parameters, credit: kept).map { (.jpeg, $0) }
    }

    /// `bytes` with its metadata cut; nil when it is neither JPEG nor WebP
    /// or its structure cannot be followed (the page then offers the
    /// largest JPEG).
    package static func cleaned(_ bytes: [UInt8], policy: MetadataPolicy, credit: (artist: String?, copyright: String?)) -> (OutputFormat, [UInt8])? {
        let kept = policy == .keepCopyright ? credit : (nil, nil)
        switch format(of: bytes) {
        case .jpeg: return JPEGSegments.cleaned(bytes, credit: kept).map { (.jpeg, $0) }
        case .webp: return WebPChunks.withoutMetadata(bytes, keepingProfile: true).map { (.webp, $0) }
        default: return nil
        }
    }
}
