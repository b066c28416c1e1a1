import Foundation
import Vips

/// Makes an animation's files from a GIF, animated WebP or APNG: resized to
/// the width it is shown at (never upscaled), thinned and if need be scaled
/// down to the memory budget (`FrameThinner`), then saved as an animated
/// WebP, an animated GIF fallback and a still poster (the first frame) in
/// JPEG and WebP. Only the frames kept are resized; APNG frames are all
/// composited (each depends on the ones before) but only kept ones stay.
struct AnimationProcessor: Sendable {
    var thinner: FrameThinner
    var webp: CodecSettings
    var jpeg: JPEGSettings
    var pixelLimit: Int

    /// What was made, and what it cost against the source.
    struct Output: Sendable {
        var webp: [UInt8]
        var gif: [UInt8]
        var posterJPEG: [UInt8]
        var posterWebP: [UInt8]
        var plan: FrameThinner.Plan
        var sourceFrames: Int
        var sourceWidth: Int
        var sourceHeight: Int
        /// The loop's duration as browsers play the source, in ms.
        var duration: Int
        var loops: Int

        var sourceDecodedBytes: Int { sourceWidth * sourceHeight * 4 * sourceFrames }
    }

    /// A source opened for its frames: their count, canvas, delays and loop
    /// are known before any pixel is decoded.
    private struct Source {
        var width: Int
        var height: Int
        var delays: [Int]
        var loops: Int
        /// Full-canvas RGBA frames for the indices asked for, in order.
        var frames: (_ kept: Set<Int>) throws -> [Int: VipsImage]
    }

    func make(path: String, displayPath: String, displayWidth: Int) throws(BuildError) -> Output {
        do {
            let source = try open(path, displayPath: displayPath)
            let width = min(displayWidth, source.width)
            let height = max(1, Int((Double(source.height) * Double(width) / Double(source.width)).rounded()))
            let plan = thinner.plan(delays: source.delays, width: width, height: height)
            let decoded = try source.frames(Set(plan.frames))
            let frames = try plan.frames.map { index throws(VipsError) in
                try decoded[index]!.resized(toWidth: plan.width, height: plan.height).materialized()
            }
            let strip = try VipsImage.animation(frames: frames, delays: plan.durations, loop: source.loops)
            // GIF delays are centiseconds: round the running total, not each frame.
            let gifDelays = AnimationTiming.centiseconds(plan.durations).map { $0 * 10 }
            let gifStrip = try VipsImage.animation(frames: frames, delays: gifDelays, loop: source.loops)
            let poster = frames[0]
            return Output(
                webp: try strip.animatedWebPEncoded(quality: webp.quality, effort: webp.effort),
                gif: try gifStrip.gifEncoded(effort: 7, interframeMaxError: 8, reusePalette: false),
                posterJPEG: try poster.flattened().encoded(.jpeg(quality: jpeg.quality, progressive: false, subsample420: jpeg.subsample420)),
                posterWebP: try poster.encoded(.webp(quality: webp.quality, effort: webp.effort)),
                plan: plan, sourceFrames: source.delays.count, sourceWidth: source.width, sourceHeight: source.height,
                duration: source.delays.map(AnimationTiming.shown).reduce(0, +), loops: source.loops)
        } catch let error as BuildError {
            throw error
        } catch let error as APNGError {
            throw BuildError(.decode, path: displayPath, "is a damaged APNG: \(error)")
        } catch {
            throw BuildError(.decode, path: displayPath, "cannot be decoded: \(VipsError.reason(error))")
        }
    }

    private func open(_ path: String, displayPath: String) throws -> Source {
        let bytes = path.lowercased().hasSuffix(".png") ? Array(try Data(contentsOf: URL(fileURLWithPath: path))) : []
        if !bytes.isEmpty, APNGFile.isAnimated(bytes) {
            let file = try APNGFile(bytes)
            try SourceHeader.checkPixelLimit(width: file.width, height: file.height * file.frames.count, limit: pixelLimit, path: displayPath)
            return Source(width: file.width, height: file.height, delays: file.frames.map(\.delay), loops: file.loops) { kept in
                var compositor = APNGCompositor(width: file.width, height: file.height)
                var frames: [Int: VipsImage] = [:]
                for (index, frame) in file.frames.enumerated() {
                    let pixels = try VipsImage.png(frame.png).rgba().pixelBytes()
                    guard pixels.count == frame.width * frame.height * 4 else { throw APNGError("frame \(index + 1) does not decode to its size") }
                    let canvas = compositor.paint(frame, pixels: pixels, isFirst: index == 0)
                    if kept.contains(index) { frames[index] = try VipsImage.rgba(canvas, width: file.width, height: file.height) }
                }
                return frames
            }
        }
        let strip = try VipsImage.pages(of: path, failOn: .truncated)
        let (width, pageHeight, pages) = (strip.width, strip.pageHeight, strip.pageCount)
        try SourceHeader.checkPixelLimit(width: width, height: pageHeight * pages, limit: pixelLimit, path: displayPath)
        let written = strip.delays
        // A file that says nothing of timing plays at 10 fps, as browsers play it.
        let delays = (0..<pages).map { $0 < written.count ? written[$0] : 100 }
        // Decoded once, top to bottom (GIF and WebP frames build on the ones
        // before): at most the pixel limit × 4 bytes, checked above.
        let rgba = try strip.rgba().materialized()
        return Source(width: width, height: pageHeight, delays: delays, loops: strip.loop) { kept in
            var frames: [Int: VipsImage] = [:]
            for index in kept.sorted() {
                frames[index] = try rgba.cropped(left: 0, top: index * pageHeight, width: width, height: pageHeight)
            }
            return frames
        }
    }
}
