import Foundation
import Synchronization
import Vips

/// Draws watermarks: each mark is rendered once per build at a large size
/// (white text by libvips' Pango, or the logo), its opacity folded into its
/// alpha; each file then gets it scaled to its own size and laid on at its
/// place (`composited`), the same share of the photo on every width.
enum WatermarkLayer {
    /// Marks rendered this run, by identity.
    private static let rendered = Mutex<[String: SharedImage]>([:])

    /// Text is rendered this many pixels tall, then scaled down to each file.
    static let textHeight = 200

    /// `image` (a still `width` wide, sRGB, 8-bit) with `watermark` on it.
    static func apply(_ watermark: Watermark, to image: VipsImage) throws(VipsError) -> VipsImage {
        let mark = try self.mark(watermark)
        let short = Double(min(image.width, image.height))
        let height = max(1, Int((short * watermark.size).rounded()))
        let width = max(1, Int((Double(mark.width) * Double(height) / Double(mark.height)).rounded()))
        guard width < image.width, height < image.height else { return image }
        let scaled = try mark.resized(toWidth: width, height: height)
        let margin = Int((short * watermark.margin).rounded())
        let (x, y) = place(watermark.position, mark: (width, height), in: (image.width, image.height), margin: margin)
        let laid = try image.composited(scaled, x: x, y: y)
        return try (image.hasAlpha ? laid : laid.flattened()).srgb()
    }

    /// The top-left corner of a `mark` placed at `position` in `size`, `margin` from the edges.
    static func place(_ position: Watermark.Position, mark: (Int, Int), in size: (Int, Int), margin: Int) -> (Int, Int) {
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

    /// The mark at full size, RGBA with its opacity in the alpha.
    private static func mark(_ watermark: Watermark) throws(VipsError) -> VipsImage {
        let identity = watermark.identity
        if let done = rendered.withLock({ $0[identity] }) { return done.image }
        let (width, height, pixels): (Int, Int, [UInt8])
        switch watermark.mark {
        case .text(let text):
            // Pango sizes text in points: at 72 dpi a point is a pixel, so this many dpi gives glyphs about textHeight tall.
            let mask = try VipsImage.text(text, font: "Sans Bold 12", dpi: textHeight * 72 / 12)
            (width, height) = (mask.width, mask.height)
            let alpha = try mask.pixelBytes()
            let bands = alpha.count / max(1, width * height)
            var rgba = [UInt8](repeating: 255, count: width * height * 4)
            for index in 0..<(width * height) {
                rgba[index * 4 + 3] = UInt8((Double(alpha[index * bands]) * watermark.opacity).rounded())
            }
            pixels = rgba
        case .image(let path):
            let logo = try VipsImage.thumbnail(of: path, width: 2000, toSRGB: true).rgba()
            (width, height) = (logo.width, logo.height)
            var rgba = try logo.pixelBytes()
            for index in stride(from: 3, to: rgba.count, by: 4) {
                rgba[index] = UInt8((Double(rgba[index]) * watermark.opacity).rounded())
            }
            pixels = rgba
        }
        let image = try VipsImage.rgba(pixels, width: width, height: height)
        rendered.withLock { $0[identity] = SharedImage(materialized: image) }
        return image
    }
}
