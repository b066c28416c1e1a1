/// Paints APNG frames onto the canvas as a browser does, giving the full
/// picture shown at each frame. Pixels are 8-bit RGBA, not premultiplied.
/// Before a frame is painted, the previous frame's region is disposed of:
/// left (`none`), cleared to transparent black (`background`), or restored
/// to what it was before that frame (`previous`; on the first frame it
/// means `background`). A frame replaces its region (`source`) or is
/// composited over it (`over`).
public struct APNGCompositor {
    public let width: Int
    public let height: Int
    private var canvas: [UInt8]
    private var pendingDispose: (frame: APNGFile.Frame, saved: [UInt8]?)?

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        canvas = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Paints `frame`, whose decoded pixels are `pixels` (frame.width ×
    /// frame.height × 4), and returns the whole canvas as it is shown.
    public mutating func paint(_ frame: APNGFile.Frame, pixels: [UInt8], isFirst: Bool) -> [UInt8] {
        precondition(pixels.count == frame.width * frame.height * 4)
        if let (previous, saved) = pendingDispose {
            switch previous.dispose {
            case .none: break
            case .background: clear(previous)
            case .previous: if let saved { restore(previous, from: saved) } else { clear(previous) }
            }
        }
        let dispose: APNGFile.Dispose = isFirst && frame.dispose == .previous ? .background : frame.dispose
        var disposed = frame
        disposed.dispose = dispose
        pendingDispose = (disposed, dispose == .previous ? region(frame) : nil)
        for row in 0..<frame.height {
            for column in 0..<frame.width {
                let source = (row * frame.width + column) * 4
                let target = ((frame.y + row) * width + frame.x + column) * 4
                if frame.blend == .source {
                    for band in 0..<4 { canvas[target + band] = pixels[source + band] }
                } else {
                    Self.over(pixels, at: source, onto: &canvas, at: target)
                }
            }
        }
        return canvas
    }

    /// Porter-Duff "over" on straight alpha, rounded to nearest.
    package static func over(_ top: [UInt8], at s: Int, onto bottom: inout [UInt8], at d: Int) {
        let alphaTop = Int(top[s + 3])
        if alphaTop == 255 {
            for band in 0..<4 { bottom[d + band] = top[s + band] }
            return
        }
        if alphaTop == 0 { return }
        let alphaBottom = Int(bottom[d + 3]) * (255 - alphaTop)  // ×255
        let alpha = alphaTop * 255 + alphaBottom  // ×255
        for band in 0..<3 {
            let value = Int(top[s + band]) * alphaTop * 255 + Int(bottom[d + band]) * alphaBottom
            bottom[d + band] = UInt8((value + alpha / 2) / alpha)
        }
        bottom[d + 3] = UInt8((alpha + 127) / 255)
    }

    private func region(_ frame: APNGFile.Frame) -> [UInt8] {
        var saved: [UInt8] = []
        saved.reserveCapacity(frame.width * frame.height * 4)
        for row in 0..<frame.height {
            let start = ((frame.y + row) * width + frame.x) * 4
            saved += canvas[start..<start + frame.width * 4]
        }
        return saved
    }

    private mutating func clear(_ frame: APNGFile.Frame) {
        for row in 0..<frame.height {
            let start = ((frame.y + row) * width + frame.x) * 4
            for index in start..<start + frame.width * 4 { canvas[index] = 0 }
        }
    }

    private mutating func restore(_ frame: APNGFile.Frame, from saved: [UInt8]) {
        for row in 0..<frame.height {
            let start = ((frame.y + row) * width + frame.x) * 4
            canvas.replaceSubrange(start..<start + frame.width * 4, with: saved[row * frame.width * 4..<(row + 1) * frame.width * 4])
        }
    }
}
