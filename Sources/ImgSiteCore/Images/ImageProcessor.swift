import Foundation
import Vips

/// Turns one source into its variants: the source is decoded once, at the
/// largest width needed (shrink-on-load), and every smaller width and
/// format is derived from that one decoded copy in memory.
struct ImageProcessor: Sendable {
    var settings: ImageSettings
    var writer: SiteWriter

    func process(_ job: ImageJob) throws(BuildError) -> ProcessedImage {
        let path = job.source.relativePath
        let header = try SourceHeader.read(job.source, pixelLimit: settings.pixelLimit)
        let widths = settings.planner.widths(sourceWidth: header.width, sourceHeight: header.height)
        let (largest, warnings) = try decode(job.source.absolutePath, displayPath: path, width: widths[0], toSRGB: header.needsColourTransform)
        largest.removeMetadata { !settings.metadata.keptFields.contains($0) }

        let metadata = header.metadata(policy: settings.metadata)
        let credit = CreditExif.tiff(artist: metadata.artist, copyright: metadata.copyright)
        var files: [(Variant, Data)] = []
        var smallest = largest
        do {
            // Each width is computed once into memory (every format's save would
            // otherwise re-run the lazy resize) and is the source of the next,
            // smaller one: far fewer pixels to read than going back to the largest.
            for width in widths {
                let image = try smallest.downsized(toWidth: width).materialized()
                files += try encode(image, job: job, credit: credit)
                smallest = image
            }
            let placeholder = try settings.placeholder.codec.map { try Self.placeholder(of: smallest, codec: $0) }
            try writer.write(files.map { OutputFile(path: $0.0.path, data: $0.1) })
            let variants = files.map(\.0)
            return ProcessedImage(
                source: path, sourceBytes: job.source.byteCount,
                width: header.width, height: header.height, hasAlpha: largest.hasAlpha,
                variants: variants, placeholder: placeholder, metadata: metadata,
                warnings: warnings)
        } catch let error as VipsError {
            throw BuildError(.encode, path: path, error.message)
        } catch {
            throw error as? BuildError ?? BuildError(.write, path: path, "\(error)")
        }
    }

    /// `process` as a `Result`, for collecting outcomes across threads.
    func result(_ job: ImageJob) -> Result<ProcessedImage, BuildError> {
        do throws(BuildError) { return .success(try process(job)) } catch { return .failure(error) }
    }

    /// Decodes strictly first, so a damaged file is noticed; if that fails,
    /// decodes what can be decoded and reports the damage as a warning.
    private func decode(_ file: String, displayPath: String, width: Int, toSRGB: Bool) throws(BuildError) -> (VipsImage, [String]) {
        do {
            return (try VipsImage.thumbnail(of: file, width: width, failOn: .warning, toSRGB: toSRGB).materialized(), [])
        } catch let strict {
            do {
                let image = try VipsImage.thumbnail(of: file, width: width, failOn: .none, toSRGB: toSRGB).materialized()
                return (image, ["damaged file, built from what could be decoded (\(Self.reason(strict, file)))"])
            } catch {
                throw BuildError(.decode, path: displayPath, "cannot be decoded: \(Self.reason(error, file))")
            }
        }
    }

    /// Encodes one width in every format. The files of an image are written
    /// together once all are encoded, so a failure writes none of them.
    /// `credit`: the EXIF to carry under keep-copyright, for encoders that
    /// write none from the image's fields (JPEG XL in libvips 8.14).
    private func encode(_ image: VipsImage, job: ImageJob, credit: [UInt8]?) throws -> [(Variant, Data)] {
        var files: [(Variant, Data)] = []
        let opaque = try image.flattened()  // lazy: costs only if JPEG is written
        for format in settings.formats {
            let source = format == .jpeg ? opaque : image
            var bytes = try source.encoded(
                settings.encoder(format, width: image.width), keepMetadata: settings.metadata != .strip)
            if format == .jxl, let credit { bytes = JXLContainer.wrap(codestream: bytes, exif: credit) }
            let name = "\(job.slug)-\(image.width).\(ContentHash.short(bytes)).\(format.fileExtension)"
            let variant = Variant(
                path: "\(job.outputFolder)/\(name)", format: format, width: image.width, height: image.height, bytes: bytes.count)
            files.append((variant, Data(bytes)))
        }
        return files
    }

    /// libvips' reason, without other loaders' complaints.
    static func reason(_ error: any Error, _ file: String) -> String {
        LoaderMessage.relevant(VipsError.reason(error), fileExtension: (file as NSString).pathExtension)
    }

    static func placeholder(of image: VipsImage, codec: any PlaceholderCodec) throws -> Placeholder {
        let size = codec.sampleSize(aspect: Double(image.width) / Double(image.height))
        let tiny = try image.flattened().resized(toWidth: size.width, height: size.height)
        let pixels = try tiny.pixelBytes()
        return Placeholder(sample: RGBGrid(width: size.width, height: size.height, pixels: pixels), codec: codec)
    }
}
