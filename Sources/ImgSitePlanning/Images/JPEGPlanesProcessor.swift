import Foundation
import ImgSiteMedia
import Vips

/// A JPEG source made into JPEG files only, through its Y, Cb and Cr planes
/// (`JPEGPlanes`): each plane is resized to its own output size and encoded
/// as it is, without the pass through RGB and back that costs chroma
/// upsampling, two colour conversions and chroma averaging. Taken where
/// `StillPath` chooses it, whatever is cached or how many lanes there are,
/// so a file's bytes depend only on the source and the settings. The widths
/// are made as `ResizeChain` makes them.
package struct JPEGPlanesProcessor {
    package var settings: ImageSettings

    /// The image encoded, or nil when the source is not a JPEG whose planes
    /// can be taken as they are (a profile to apply, other sampling, damage):
    /// the RGB path then decodes it and words any message.
    package func encode(
        _ job: ImageJob, header: SourceHeader, plan: OutputPlan, specs: [VariantSpec], placeholder: PlaceholderKind?, shrink: Int
    ) throws(BuildError) -> ImageProcessor.Encoded? {
        let chain = plan.chain
        guard let decoded = JPEGPlanes.decoded(job.source.decodePath(settings.video), shrink: shrink) else { return nil }
        let path = job.source.relativePath
        let smallest: VipsImage?
        var variants: [VariantSpec: ImageProcessor.EncodedVariant] = [:]
        do {
            let sizes = try self.sizes(of: decoded, widths: chain, header: header)
            for spec in specs {
                let size = sizes[chain.firstIndex(of: spec.width)!]
                guard case let .jpeg(quality, progressive, _) = settings.encoder(.jpeg, width: size.width, role: spec.role) else {
                    preconditionFailure("JPEG settings for a JPEG file")
                }
                let bytes = try size.encoded(quality: quality, progressive: progressive)
                variants[spec] = ImageProcessor.EncodedVariant(data: Data(bytes), height: size.height)
            }
            smallest = placeholder?.codec == nil ? nil : try sizes.last!.rgb()
        } catch {
            throw BuildError(path: path, error.message)
        }
        let sample = try placeholder?.codec.map { (codec) throws(BuildError) in
            try ImageProcessor.placeholder(of: smallest!, codec: codec, path: path)
        }
        let record = ImageRecord(
            width: header.width, height: header.height, hasAlpha: false, metadata: header.metadata(policy: settings.metadata),
            warnings: [], dynamicRange: header.dynamicRange)
        return ImageProcessor.Encoded(record: record, plan: plan, variants: variants, placeholder: sample)
    }

    /// Every width of the chain, upright: the largest resized as stored and
    /// then turned (the turn moves the fewest pixels), each smaller one from
    /// a larger as `ResizeChain` picks it.
    private func sizes(of decoded: JPEGPlanes, widths: [Int], header: SourceHeader) throws(VipsError) -> [JPEGPlanes] {
        let size = header.storedSize(atWidth: widths[0])
        let stored = try decoded.downsized(toWidth: size.width, height: size.height, thenTurnedFrom: header.orientation)
        var made = [try stored.upright(fromOrientation: header.orientation)]
        for width in widths.dropFirst() {
            let base = made.last { ResizeChain.canDerive(width, from: $0.width) } ?? made[0]
            made.append(try base.downsized(toWidth: width, height: header.height(atWidth: width)))
        }
        return made
    }
}
