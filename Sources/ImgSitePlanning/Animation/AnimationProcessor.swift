import Foundation
import ImgSiteMedia
import Vips

/// The animated path: makes an animation's files from a GIF, animated WebP
/// or APNG. Its frames are planned from their delays (`OutputPlan`: the
/// largest width the theme shows it at, thinned and if need be scaled down
/// to the memory budget), only the kept frames are resized, and they are
/// saved as an animated WebP and a GIF fallback. The poster — the file's
/// first frame (an APNG's default image) in JPEG and WebP at every still
/// width — goes through the still path.
package struct AnimationProcessor: Sendable {
    package var settings: ImageSettings
    package var lanes = 1

    package func encode(
        _ job: ImageJob, header: SourceHeader, phase: Double, except cached: Set<VariantSpec>, placeholder: PlaceholderKind?
    ) throws(BuildError) -> ImageProcessor.Encoded {
        let path = job.source.relativePath
        let source = try open(job.source.decodePath(settings.video), displayPath: path)
        let plan = settings.outputs(width: source.width, height: source.height, animation: source.timing, phase: phase)
        let stills = ImageProcessor(settings: settings, lanes: lanes)
        let choice = StillPath.choose(settings, header: header, width: plan.chain[0], animated: true)
        var encoded = try stills.encodeStills(
            job, header: header, plan: plan, specs: plan.specs.filter { $0.role == .poster && !cached.contains($0) }, placeholder: placeholder,
            choice: choice)
        encoded.record.animation = source.timing
        let missing = plan.specs.filter { $0.role != .poster && !cached.contains($0) }
        guard !missing.isEmpty, let frames = plan.frames else { return encoded }
        do {
            let files = try animate(source, frames: frames, formats: missing.map(\.format))
            for spec in missing { encoded.variants[spec] = ImageProcessor.EncodedVariant(data: Data(files[spec.format]!), height: frames.height) }
            return encoded
        } catch {
            throw BuildError(path: path, AnimationSource.reason(error))
        }
    }

    /// The source's frames and timing, within the pixel limit (canvas ×
    /// frames, before decoding); damage named the way a user reads it.
    func open(_ path: String, displayPath: String) throws(BuildError) -> AnimationSource {
        let source: AnimationSource
        do {
            source = try AnimationSource.open(path)
        } catch {
            throw BuildError(path: displayPath, AnimationSource.reason(error))
        }
        try SourceHeader.checkPixelLimit(
            width: source.width, height: source.height, frames: source.delays.count, limit: settings.pixelLimit, path: displayPath)
        return source
    }

    /// The animated files of the kept `frames`, in each of `formats` (WebP, GIF).
    func animate(_ source: AnimationSource, frames: FrameThinner.Plan, formats: [OutputFormat]) throws -> [OutputFormat: [UInt8]] {
        // The kept frames, resized, in one buffer: the decoded bytes of the
        // result, within the budget by construction.
        let frameBytes = frames.width * frames.height * 4
        var pixels: [UInt8] = []
        pixels.reserveCapacity(frames.decodedBytes)
        try source.eachFrame(Set(frames.frames)) { _, frame in
            pixels += try frame.resized(toWidth: frames.width, height: frames.height).pixelBytes()
        }
        guard pixels.count == frames.decodedBytes else { throw VipsError(operation: "resize", message: "frames did not decode to their size") }
        var files: [OutputFormat: [UInt8]] = [:]
        for format in formats {
            // GIF delays are centiseconds: round the running total, not each frame.
            let delays = format == .gif ? AnimationTiming.centiseconds(frames.durations).map { $0 * 10 } : frames.durations
            let strip = try VipsImage.animation(rgba: pixels, width: frames.width, frameHeight: frames.height, delays: delays, loop: source.loops)
            files[format] = switch settings.animationEncoder(format) {
            case let .webp(quality, effort):
                try strip.animatedWebPEncoded(
                    quality: quality, effort: effort,
                    lossless: try Self.prefersLossless(Array(pixels.prefix(frameBytes)), width: frames.width, quality: quality, effort: effort))
            case let other: try strip.encoded(other)
            }
        }
        return files
    }

    /// Whether the first frame is smaller lossless than lossy. GIF-born
    /// frames are either flat cartoons, where lossless WebP is half the size
    /// of lossy, or dithered photos, where it is twice the size; one frame
    /// tells which (it picked the smaller file for all 7 corpus animations).
    static func prefersLossless(_ frame: [UInt8], width: Int, quality: Int, effort: Int) throws(VipsError) -> Bool {
        let single = try VipsImage.animation(rgba: frame, width: width, frameHeight: frame.count / 4 / width, delays: [100], loop: 0)
        let lossy = try single.animatedWebPEncoded(quality: quality, effort: effort, lossless: false)
        return try single.animatedWebPEncoded(quality: quality, effort: effort, lossless: true).count < lossy.count
    }
}
