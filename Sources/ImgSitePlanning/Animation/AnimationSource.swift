import Foundation
import Vips

/// An animated source opened for its frames: canvas, delays and loop are
/// known before any pixel is decoded; `eachFrame` decodes the frames asked
/// for and hands them over one at a time, in order.
/// GIF and WebP come from libvips as one strip; an APNG is demuxed and
/// composited here (libvips 8.14 reads only its first frame).
package struct AnimationSource {
    package var width: Int
    package var height: Int
    /// Each frame's delay as the file gives it, in ms.
    package var delays: [Int]
    /// 0: forever.
    package var loops: Int
    /// Calls `body` with each kept frame's index and its full-canvas RGBA
    /// image, in order. A frame is only valid during its call.
    var eachFrame: (_ kept: Set<Int>, _ body: (Int, VipsImage) throws -> Void) throws -> Void

    var timing: SourceAnimation { SourceAnimation(delays: delays, loops: loops) }

    /// The canvas, timing and a way to the frames; no pixel is decoded yet.
    /// Throws what the APNG demuxer, libvips or the file system threw
    /// (`reason` words it).
    static func open(_ path: String) throws -> AnimationSource {
        if APNGFile.announcedFrames(atPath: path) != nil {
            return try apng(APNGFile(Array(try Data(contentsOf: URL(filePath: path, directoryHint: .notDirectory)))))
        }
        let strip = try VipsImage.pages(of: path, failOn: .truncated)
        let (width, pageHeight, pages) = (strip.width, strip.pageHeight, strip.pageCount)
        let written = strip.delays
        // A file that says nothing of timing plays at 10 fps, as browsers play it.
        let delays = (0..<pages).map { $0 < written.count ? written[$0] : 100 }
        return AnimationSource(width: width, height: pageHeight, delays: delays, loops: strip.loop) { kept, body in
            // Decoded once, top to bottom (GIF and WebP frames build on the ones
            // before): at most the pixel limit × 4 bytes, checked above.
            let rgba = try strip.rgba().materialized()
            for index in kept.sorted() {
                try body(index, try rgba.cropped(left: 0, top: index * pageHeight, width: width, height: pageHeight))
            }
        }
    }

    /// Every APNG frame is composited (each depends on the ones before); only kept ones stay.
    private static func apng(_ file: APNGFile) throws -> AnimationSource {
        AnimationSource(width: file.width, height: file.height, delays: file.frames.map(\.delay), loops: file.loops) { kept, body in
            var compositor = APNGCompositor(width: file.width, height: file.height)
            for (index, frame) in file.frames.enumerated() {
                let pixels = try VipsImage.png(frame.png).rgba().pixelBytes()
                guard pixels.count == frame.width * frame.height * 4 else { throw APNGError("frame \(index + 1) does not decode to its size") }
                let canvas = compositor.paint(frame, pixels: pixels, isFirst: index == 0)
                if kept.contains(index) { try body(index, try VipsImage.rgba(canvas, width: file.width, height: file.height)) }
            }
        }
    }

    /// Why an animation could not be opened or decoded, in a user's words:
    /// an APNG's own damage, else libvips' (or the file system's) reason.
    package static func reason(_ error: any Error) -> String {
        if let damage = error as? APNGError { return "is a damaged APNG: \(damage)" }
        return "cannot be decoded: \(VipsError.reason(error))"
    }

}
