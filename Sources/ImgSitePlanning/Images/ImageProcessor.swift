import Foundation
import ImgSiteMedia
import Vips

/// Decodes a source and encodes the variants asked for, on the path its
/// header gives it: animations go to `AnimationProcessor`; stills (and an
/// animation's posters) are decoded once, at the largest width of their
/// chain (shrink-on-load), and every smaller width is resized in memory
/// from a larger one, whether or not it is encoded, so a variant's bytes
/// never depend on which others were already cached.
package struct ImageProcessor: Sendable {
    package var settings: ImageSettings
    /// Threads that encode this image's files side by side: 1 when images
    /// already keep every core busy; more when fewer images than cores are
    /// built (one changed photo under `imgsite watch`).
    package var lanes = 1

    package init(settings: ImageSettings, lanes: Int = 1) {
        (self.settings, self.lanes) = (settings, lanes)
    }

    /// One encoded file: its bytes and height.
    package struct EncodedVariant: Sendable {
        package var data: Data
        package var height: Int
    }

    /// What one decode produced.
    package struct Encoded: Sendable {
        package var record: ImageRecord
        /// Every file of the image.
        package var plan: OutputPlan
        package var variants: [VariantSpec: EncodedVariant]
        package var placeholder: Placeholder?
        /// libjpeg-turbo decoded the scans to their end with its warnings
        /// taken as errors (the native paths, `jpeg.c`): a scan out of step
        /// would have failed it, so `SilentDamage` need not look again.
        var decodedToEnd = false
    }

    /// Encodes every variant of `job` (its widths offset by `phase`) but
    /// those in `cached`, and a placeholder of kind `placeholder` unless it
    /// is nil or `.none`; `header`: its header, when it was read already.
    package func encode(
        _ job: ImageJob, header: SourceHeader? = nil, phase: Double, except cached: Set<VariantSpec> = [], placeholder: PlaceholderKind? = nil
    ) throws(BuildError) -> Encoded {
        let header = try SourceHeader.read(job.source, settings: settings, known: header)
        var encoded = try encodeDecoded(job, header: header, phase: phase, except: cached, placeholder: placeholder)
        // A hole of zeros or garbage over a JPEG's scan often decodes without
        // complaint: then the bytes say it (the record keeps the warning).
        let damaged = encoded.record.warnings.contains { $0.hasPrefix(Self.damagedPrefix) }
        // Only a file decoded as itself: a RAW preview or a clip's poster is imgsite's own.
        if !damaged, !encoded.decodedToEnd, job.source.decodesItself,
            let problem = SilentDamage.problem(atPath: job.source.absolutePath, fileSize: job.source.byteCount)
        {
            encoded.record.warnings.append(Self.damaged(problem))
        }
        return encoded
    }

    private func encodeDecoded(
        _ job: ImageJob, header: SourceHeader, phase: Double, except cached: Set<VariantSpec>, placeholder: PlaceholderKind?
    ) throws(BuildError) -> Encoded {
        switch header.kind {
        case .animated:
            return try AnimationProcessor(settings: settings, lanes: lanes).encode(
                job, header: header, phase: phase, except: cached, placeholder: placeholder)
        case .still:
            let plan = settings.outputs(width: header.width, height: header.height, animation: nil, phase: phase, range: header.dynamicRange)
            let specs = plan.specs.filter { !cached.contains($0) }
            let choice = StillPath.choose(settings, header: header, width: plan.chain[0], hdr: plan.hasHDR)
            StillPath.trace(choice, path: job.source.relativePath)
            if choice.path == .jpegPlanes, let planes = try JPEGPlanesProcessor(settings: settings).encode(
                job, header: header, plan: plan, specs: specs, placeholder: placeholder, shrink: choice.shrink) {
                var planes = planes
                planes.decodedToEnd = true
                return planes
            }
            return try encodeStills(job, header: header, plan: plan, specs: specs, placeholder: placeholder, choice: choice)
        }
    }

    /// Decodes the source (an animation's first frame) at the chain's
    /// largest width on the path `choice` names (the planes path taken as
    /// the direct one) and encodes `specs`, each a width of `plan.chain`.
    func encodeStills(
        _ job: ImageJob, header: SourceHeader, plan: OutputPlan, specs: [VariantSpec], placeholder: PlaceholderKind?,
        choice: StillPath.Choice
    ) throws(BuildError) -> Encoded {
        let (path, file) = (job.source.relativePath, job.source.decodePath(settings.video))
        let chain = plan.chain
        // A still in PQ or HLG light is tone mapped to its SDR base, its gain map made from the same decode.
        let light = try HDRLight.decode(file, displayPath: path, header: header, width: chain[0])
        let (largest, warnings, native) = if let light { (light.base, [String](), false) } else {
            try decode(file, displayPath: path, width: chain[0], header: header, choice: choice)
        }
        largest.removeMetadata { !settings.metadata.keptFields.contains($0) }
        let metadata = header.metadata(policy: settings.metadata)
        let credit = CreditExif.tiff(artist: metadata.artist, copyright: metadata.copyright)
        let sizes = ResizeChain(largest: largest, widths: chain) { header.height(atWidth: $0) }
        // Largest first, so the lanes finish together.
        let work = specs.map { spec in (chain.firstIndex(of: spec.width)!, spec) }
        var gainMap: SourceGainMap?
        if specs.contains(where: { $0.role == .hdr }) {
            gainMap = if let light { SourceGainMap(upright: light.gainMap, width: light.base.width, height: light.base.height) } else {
                try SourceGainMap.read(file, displayPath: path, header: header)
            }
        }
        let variants: [VariantSpec: EncodedVariant], smallest: VipsImage
        do {
            variants = try encodeAll(work, sizes: sizes, credit: credit, gainMap: gainMap)
            smallest = try sizes.size(chain.count - 1)
        } catch {
            throw BuildError(path: path, error.message)
        }
        let sample = try placeholder?.codec.map { (codec) throws(BuildError) in try Self.placeholder(of: smallest, codec: codec, path: path) }
        let record = ImageRecord(
            width: header.width, height: header.height, hasAlpha: largest.hasAlpha, metadata: metadata, warnings: warnings,
            dynamicRange: header.dynamicRange)
        return Encoded(record: record, plan: plan, variants: variants, placeholder: sample, decodedToEnd: native)
    }

    /// Makes `sizes` and encodes each (index in `sizes.widths`, spec), on
    /// `lanes` threads when there is more than one: the first to start
    /// makes the sizes, the others encode those made.
    private func encodeAll(
        _ work: [(Int, VariantSpec)], sizes: ResizeChain, credit: [UInt8]?, gainMap: SourceGainMap?
    ) throws(VipsError) -> [VariantSpec: EncodedVariant] {
        let one = { @Sendable (item: (Int, VariantSpec)?) -> Result<EncodedVariant, VipsError>? in
            guard let (index, spec) = item else {
                sizes.makeAll()
                return nil
            }
            return Result { () throws(VipsError) in
                let image = try sizes.size(index)
                // Marked as it is encoded, never in the chain: the smaller sizes are made clean.
                let shown = try settings.watermark.map { (mark) throws(VipsError) in
                    mark.marks(spec) ? try WatermarkLayer.apply(mark, to: image) : image
                } ?? image
                let data = if spec.role == .hdr, let gainMap {
                    try gainMap.encode(shown, quality: HDRFiles.quality(settings.jpeg), credit: credit)
                } else {
                    try encode(shown, as: spec, credit: credit)
                }
                return EncodedVariant(data: data, height: image.height)
            }
        }
        let items: [(Int, VariantSpec)?] = [nil] + work
        let results = lanes > 1 ? WorkerPool.map(items, workers: lanes, one) : items.map(one)
        var variants: [VariantSpec: EncodedVariant] = [:]
        for ((_, spec), result) in zip(work, results.dropFirst()) {
            variants[spec] = try result!.get()
        }
        return variants
    }

    /// Decodes strictly first, so a damaged file is noticed; if that fails,
    /// decodes what can be decoded and reports the damage as a warning.
    /// `native`: libjpeg-turbo decoded it directly (`Encoded.decodedToEnd`).
    private func decode(
        _ file: String, displayPath: String, width: Int, header: SourceHeader, choice: StillPath.Choice
    ) throws(BuildError) -> (image: VipsImage, warnings: [String], native: Bool) {
        let shrink = choice.shrink
        let toSRGB = header.needsColourTransform
        if [.directJPEG, .jpegPlanes].contains(choice.path),
           let plain = try decodePlainJPEG(file, displayPath: displayPath, shrink: shrink, width: width, header: header) {
            return (plain, [], true)
        }
        func load(_ failOn: FailOn, lanes: Int = 1) throws(VipsError) -> VipsImage {
            choice.fallback == .shrinkOnLoad
                ? try VipsImage.decodedJPEG(file, width: width, failOn: failOn, toSRGB: toSRGB, jpegShrink: shrink, lanes: lanes)
                : try VipsImage.thumbnail(of: file, width: width, failOn: failOn, toSRGB: toSRGB).materialized(lanes: lanes)
        }
        do {
            do {
                return (try load(.warning, lanes: lanes), [], false)
            } catch where lanes > 1 {
                // Lanes read strips out of order, and a sequential loader can
                // refuse that ("out of order read"): only a one-lane strict
                // decode tells whether the file itself is damaged.
                return (try load(.warning), [], false)
            }
        } catch let strict {
            if Vips.messagesMayBeOthers {  // the image's scope runs it again alone, to word the damage
                throw BuildError(path: displayPath, "cannot be decoded: \(Self.reason(strict, file))")
            }
            do {
                let image = try load(.none)
                return (image, [Self.damaged(Self.reason(strict, file))], false)
            } catch {
                throw BuildError(path: displayPath, "cannot be decoded: \(Self.reason(error, file))")
            }
        }
    }

    /// A JPEG with no profile, decoded by libjpeg-turbo directly, resized (by
    /// the shim's resampler where it is on, else by libvips) and turned upright, when nothing but its pixels is kept: libvips'
    /// pipelines cost more than libjpeg itself on a photo made 800 wide.
    /// Nil when the file is anything else or damaged: libvips' path then
    /// decodes it and words the message. Taken whatever the lanes, so a
    /// file's bytes never depend on how many photos were built beside it.
    private func decodePlainJPEG(
        _ file: String, displayPath: String, shrink: Int, width: Int, header: SourceHeader
    ) throws(BuildError) -> VipsImage? {
        guard let decoded = VipsImage.decodedPlainJPEG(file, shrink: shrink) else { return nil }
        do {
            let stored = header.storedSize(atWidth: width)
            return try decoded.downsized(toWidth: stored.width, height: stored.height).upright(fromOrientation: header.orientation)
        } catch {
            throw BuildError(path: displayPath, "cannot be resized: \(VipsError.reason(error))")
        }
    }

    /// One width in one format and role. `credit`: the EXIF to carry under
    /// keep-copyright, for encoders that write none from the image's fields
    /// (JPEG XL in libvips 8.14).
    private func encode(_ image: VipsImage, as spec: VariantSpec, credit: [UInt8]?) throws(VipsError) -> Data {
        let format = spec.format
        let source = format == .jpeg ? try image.flattened() : image
        var bytes = try source.encoded(settings.encoder(format, width: image.width, role: spec.role), keepMetadata: settings.metadata != .strip)
        if format == .jxl, let credit { bytes = JXLContainer.wrap(codestream: bytes, exif: credit) }
        return Data(bytes)
    }

    /// A damaged file's warning: "damaged file, built from what could be decoded (reason)".
    package static func damaged(_ reason: String) -> String { "\(damagedPrefix), built from what could be decoded (\(reason))" }
    static let damagedPrefix = "damaged file"

    /// libvips' reason, without other loaders' complaints.
    package static func reason(_ error: any Error, _ file: String) -> String {
        LoaderMessage.relevant(VipsError.reason(error), fileExtension: (file as NSString).pathExtension)
    }

    /// The placeholder of `image` (alpha kept: the codec composites it or
    /// carries it), sampled at the size its codec asks for.
    package static func placeholder(of image: VipsImage, codec: any PlaceholderCodec, path: String) throws(BuildError) -> Placeholder {
        let size = codec.sampleSize(aspect: Double(image.width) / Double(image.height))
        do {
            let tiny = try image.rgba().resized(toWidth: size.width, height: size.height)
            return try codec.make(PixelSample(width: size.width, height: size.height, rgba: try tiny.pixelBytes()))
        } catch {
            throw BuildError(path: path, "its \(codec.kind.rawValue) placeholder cannot be made: \(error.message)")
        }
    }
}
