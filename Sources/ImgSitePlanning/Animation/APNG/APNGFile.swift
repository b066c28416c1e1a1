import ImgSiteMedia

/// An animated PNG taken apart (libvips 8.14 reads only its first frame).
/// Each frame becomes a standalone PNG — the file's header with the frame's
/// size, the chunks that say how to read its pixels (palette, transparency,
/// colour space), the frame's compressed data — for any PNG decoder, with
/// where it goes on the canvas, how long it shows, and how it is blended
/// and disposed of (`APNGCompositor`). Specification:
/// https://wiki.mozilla.org/APNG_Specification
public struct APNGFile: Sendable {
    public enum Dispose: UInt8, Sendable { case none = 0, background = 1, previous = 2 }
    public enum Blend: UInt8, Sendable { case source = 0, over = 1 }

    public struct Frame: Sendable {
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int
        /// As written: `delay_num / delay_den` s (a zero denominator means 1/100 s).
        public var delay: Int
        public var dispose: Dispose
        public var blend: Blend
        /// The frame alone, as a PNG file.
        public var png: [UInt8]
    }

    public var width: Int
    public var height: Int
    /// 0: loop forever.
    public var loops: Int
    public var frames: [Frame]

    /// Chunks a frame's PNG carries from the file, so its pixels read the same.
    private static let carried: Set<String> = ["PLTE", "tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "sBIT"]

    /// Whether `bytes` are an animated PNG: an acTL chunk before the image data.
    public static func isAnimated(_ bytes: [UInt8]) -> Bool {
        guard let chunks = try? PNGChunks.read(bytes) else { return false }
        for chunk in chunks {
            if chunk.type == "acTL" { return true }
            if chunk.type == "IDAT" { return false }
        }
        return false
    }

    public init(_ bytes: [UInt8]) throws(APNGError) {
        let chunks: [PNGChunks.Chunk]
        do { chunks = try PNGChunks.read(bytes) } catch { throw APNGError(error.reason) }
        guard let header = chunks.first, header.type == "IHDR", header.data.count == 13 else { throw APNGError("no IHDR chunk first") }
        let ihdr = Array(header.data)
        width = Int(ihdr.bigEndianUInt32(at: 0))
        height = Int(ihdr.bigEndianUInt32(at: 4))
        // libpng's own default limit; the caller still applies the pixel limit to canvas × frames.
        guard (1...1_000_000).contains(width), (1...1_000_000).contains(height) else {
            throw APNGError("canvas of \(width)×\(height) pixels")
        }
        guard let control = chunks.first(where: { $0.type == "acTL" }), control.data.count == 8 else {
            throw APNGError("not animated (no acTL chunk)")
        }
        let actl = Array(control.data)
        let announced = Int(actl.bigEndianUInt32(at: 0))
        loops = Int(actl.bigEndianUInt32(at: 4))
        guard announced > 0 else { throw APNGError("zero frames") }

        let extra = chunks.filter { Self.carried.contains($0.type) }.flatMap { PNGChunks.encode($0.type, $0.data) }
        var frames: [Frame] = []
        var pending: (frame: Frame, data: [UInt8])?
        var sequence = 0
        func finish() throws(APNGError) {
            guard let (frame, data) = pending else { return }
            guard !data.isEmpty else { throw APNGError("frame \(frames.count + 1) has no image data") }
            var png = PNGChunks.signature
            var frameHeader: [UInt8] = []
            frameHeader.appendBigEndian(UInt32(frame.width))
            frameHeader.appendBigEndian(UInt32(frame.height))
            frameHeader += ihdr[8..<13]
            png += PNGChunks.encode("IHDR", frameHeader) + extra + PNGChunks.encode("IDAT", data) + PNGChunks.encode("IEND", [])
            frames.append(Frame(x: frame.x, y: frame.y, width: frame.width, height: frame.height, delay: frame.delay,
                                dispose: frame.dispose, blend: frame.blend, png: png))
            pending = nil
        }
        func checkSequence(_ data: ArraySlice<UInt8>, _ type: String) throws(APNGError) {
            let number = Int(Array(data.prefix(4)).bigEndianUInt32(at: 0))
            guard number == sequence else { throw APNGError("\(type) sequence number \(number) where \(sequence) was due") }
            sequence += 1
        }
        var seenImageData = false
        for chunk in chunks {
            switch chunk.type {
            case "fcTL":
                guard chunk.data.count == 26 else { throw APNGError("fcTL chunk of \(chunk.data.count) bytes, not 26") }
                try checkSequence(chunk.data, "fcTL")
                try finish()
                let frame = try Self.frameControl(Array(chunk.data), canvas: (width, height), index: frames.count, beforeImage: !seenImageData)
                pending = (frame, [])
            case "IDAT":
                seenImageData = true
                // Image data before any fcTL is a default image outside the animation.
                if pending != nil, frames.isEmpty { pending!.data += chunk.data }
            case "fdAT":
                guard chunk.data.count > 4 else { throw APNGError("fdAT chunk truncated") }
                try checkSequence(chunk.data, "fdAT")
                guard pending != nil else { throw APNGError("fdAT chunk before any fcTL") }
                pending!.data += chunk.data.dropFirst(4)
            default:
                break
            }
        }
        try finish()
        guard !frames.isEmpty else { throw APNGError("zero frames") }
        guard frames.count == announced else { throw APNGError("acTL announces \(announced) frames, the file holds \(frames.count)") }
        self.frames = frames
    }

    private static func frameControl(_ data: [UInt8], canvas: (width: Int, height: Int), index: Int, beforeImage: Bool) throws(APNGError) -> Frame {
        let (width, height) = (Int(data.bigEndianUInt32(at: 4)), Int(data.bigEndianUInt32(at: 8)))
        let (x, y) = (Int(data.bigEndianUInt32(at: 12)), Int(data.bigEndianUInt32(at: 16)))
        guard width > 0, height > 0 else { throw APNGError("frame \(index + 1) is \(width)×\(height)") }
        guard x + width <= canvas.width, y + height <= canvas.height else {
            throw APNGError("frame \(index + 1) (\(width)×\(height) at \(x),\(y)) is larger than the \(canvas.width)×\(canvas.height) canvas")
        }
        if index == 0, beforeImage, x != 0 || y != 0 || width != canvas.width || height != canvas.height {
            throw APNGError("the first frame must cover the canvas")
        }
        guard let dispose = Dispose(rawValue: data[24]), let blend = Blend(rawValue: data[25]) else {
            throw APNGError("frame \(index + 1) has an unknown dispose or blend operation")
        }
        let numerator = Int(data.bigEndianUInt16(at: 20))
        let denominator = Int(data.bigEndianUInt16(at: 22))
        let delay = (numerator * 1000 + (denominator == 0 ? 100 : denominator) / 2) / (denominator == 0 ? 100 : denominator)
        return Frame(x: x, y: y, width: width, height: height, delay: delay, dispose: dispose, blend: blend, png: [])
    }
}

/// Why an APNG cannot be read: the message names what is wrong.
public struct APNGError: Error, Equatable, CustomStringConvertible {
    public let description: String
    package init(_ description: String) { self.description = description }
}
