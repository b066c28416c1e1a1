import Foundation
import Synchronization
import Vips

/// Draws watermarks: each mark is rendered once per build at a large size
/// (white text by libvips' Pango, or the logo), its opacity folded into its
/// alpha; each file then gets it scaled to its own size and laid on at its
/// place, the same share of the photo on every width.
package enum WatermarkLayer {
    /// Marks rendered this run, by identity.
    private static let rendered = Mutex<[String: SharedImage]>([:])
    /// Marks scaled to a file's size, by identity and size: a photo's
    /// formats at one width (and photos of one shape) share one, scaled once
    /// and held in memory instead of scaled from the full mark by every
    /// encoder that reads it. At most `scaledKept`: a library has many shapes.
    private static let scaled = Mutex<[String: SharedImage]>([:])
    static let scaledKept = 256

    /// Text is rendered this many pixels tall, then scaled down to each file.
    static let textHeight = 200
    /// The widest file a site makes (`max_width` at most 65,535; 3,840 by default):
    /// marks are kept no taller than their share of it.
    static let widestPhoto = 3840

    /// `image` (a still `width` wide, sRGB, 8-bit) with `watermark` on it.
    package static func apply(_ watermark: Watermark, to image: VipsImage) throws(VipsError) -> VipsImage {
        let mark = try self.mark(watermark)
        let short = Double(min(image.width, image.height))
        let height = max(1, Int((short * watermark.size).rounded()))
        let width = max(1, Int((Double(mark.width) * Double(height) / Double(mark.height)).rounded()))
        guard width < image.width, height < image.height else { return image }
        let scaled = try self.scaled(mark, identity: watermark.identity, width: width, height: height)
        let margin = Int((short * watermark.margin).rounded())
        let (x, y) = place(watermark.position, mark: (width, height), in: (image.width, image.height), margin: margin)
        // Only the patch under the mark is composited (in float) and pasted back: compositing the whole
        // photo cost +72 % CPU on a build of four photos, the patch a few percent.
        let under = try image.cropped(left: x, top: y, width: width, height: height)
        let laid = try under.composited(scaled, x: 0, y: 0)
        return try image.inserting(try (image.hasAlpha ? laid : laid.flattened()).srgb(), x: x, y: y)
    }

    private static func scaled(_ mark: VipsImage, identity: String, width: Int, height: Int) throws(VipsError) -> VipsImage {
        let key = "\(identity)|\(width)x\(height)"
        if let done = scaled.withLock({ $0[key] }) { return done.image }
        let image = try mark.resized(toWidth: width, height: height).materialized()
        scaled.withLock { kept in
            if kept.count >= scaledKept { kept.removeAll(keepingCapacity: true) }
            kept[key] = SharedImage(materialized: image)
        }
        return image
    }

    /// The top-left corner of a `mark` placed at `position` in `size`, `margin` from the edges.
    package static func place(_ position: Watermark.Position, mark: (Int, Int), in size: (Int, Int), margin: Int) -> (Int, Int) {
        let (w, h) = mark
        let left = margin, centreX = (size.0 - w) / 2, right = size.0 - w - margin
        let top = margin, centreY = (size.1 - h) / 2, bottom = size.1 - h - margin
        return switch position {
        case .topLeft: (left, top)
        case .top: (centreX, top)
        case .topRight: (right, top)
        case .left: (left, centreY)
        case .center: (centreX, centreY)
        case .right: (right, centreY)
        case .bottomLeft: (left, bottom)
        case .bottom: (centreX, bottom)
        case .bottomRight: (right, bottom)
        }
    }

    /// The mark, RGBA with its opacity in its alpha, no taller than its
    /// share of the widest photo a site publishes: each file's mark is
    /// scaled from this (from a 2,000 px logo, that scaling cost more than
    /// the encodes).
    private static func mark(_ watermark: Watermark) throws(VipsError) -> VipsImage {
        let identity = watermark.identity
        if let done = rendered.withLock({ $0[identity] }) { return done.image }
        let tallest = max(32, Int((watermark.size * Double(widestPhoto)).rounded(.up)))
        func fitted(_ image: VipsImage) throws(VipsError) -> VipsImage {
            image.height <= tallest ? image : try image.resized(toWidth: max(1, image.width * tallest / image.height), height: tallest)
        }
        var pixels: [UInt8]
        let (width, height): (Int, Int)
        switch watermark.mark {
        case .text(let text):
            // Pango sizes text in points: at 72 dpi a point is a pixel, so this many dpi gives glyphs about textHeight tall.
            let mask = try fitted(try VipsImage.text(text, font: "Sans Bold 12", dpi: textHeight * 72 / 12)).materialized()
            (width, height) = (mask.width, mask.height)
            let alpha = try mask.pixelBytes()
            let bands = alpha.count / max(1, width * height)
            pixels = [UInt8](repeating: 255, count: width * height * 4)
            for index in 0..<(width * height) { pixels[index * 4 + 3] = alpha[index * bands] }
        case .image(let path):
            let logo = try fitted(try VipsImage.thumbnail(of: path, width: 2000, toSRGB: true).rgba()).materialized()
            (width, height) = (logo.width, logo.height)
            pixels = try logo.pixelBytes()
        }
        for index in stride(from: 3, to: pixels.count, by: 4) {
            pixels[index] = UInt8((Double(pixels[index]) * watermark.opacity).rounded())
        }
        let image = try VipsImage.rgba(pixels, width: width, height: height)
        rendered.withLock { $0[identity] = SharedImage(materialized: image) }
        return image
    }
}
