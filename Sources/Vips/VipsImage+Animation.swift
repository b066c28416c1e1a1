internal import CVips
internal import CVipsShim

/// Animations in libvips are one tall image: the frames stacked top to
/// bottom, each `page-height` rows, with `delay` (ms per frame) and `loop`.
extension VipsImage {
    /// Every frame of a GIF or WebP file, as one strip.
    public static func pages(of path: String, failOn: FailOn) throws(VipsError) -> VipsImage {
        try make("load", path: path) { imgsite_vips_load_pages(path, $0, Int32(failOn.raw.rawValue)) }
    }

    /// A PNG held in memory (one demuxed APNG frame), decoded here: libvips
    /// reads the buffer without copying it.
    public static func png(_ bytes: [UInt8]) throws(VipsError) -> VipsImage {
        let decoded = bytes.withUnsafeBytes { raw in
            Result { () throws(VipsError) in
                try make("pngload") { imgsite_vips_pngload_buffer(raw.baseAddress, raw.count, $0) }.materialized()
            }
        }
        return try decoded.get()
    }

    /// An sRGB image of `width` × `height` RGBA pixels (copied).
    public static func rgba(_ pixels: [UInt8], width: Int, height: Int) throws(VipsError) -> VipsImage {
        precondition(pixels.count == width * height * 4)
        let image = pixels.withUnsafeBytes { raw in
            Result { () throws(VipsError) in
                try make("from memory") { imgsite_vips_from_rgba(raw.baseAddress, raw.count, Int32(width), Int32(height), $0) }
            }
        }
        return try image.get()
    }

    /// RGBA frames of `width` × `frameHeight`, stacked top to bottom in one
    /// buffer, with their timing: ready for an animated save. (One buffer,
    /// not a join of frame images: libvips links every input of a join to
    /// every other, which takes minutes for thousands of frames.)
    public static func animation(rgba pixels: [UInt8], width: Int, frameHeight: Int, delays: [Int], loop: Int) throws(VipsError) -> VipsImage {
        precondition(!delays.isEmpty && pixels.count == width * frameHeight * 4 * delays.count)
        let strip = try rgba(pixels, width: width, height: frameHeight * delays.count)
        vips_image_set_int(strip.pointer, "page-height", Int32(frameHeight))
        var values = delays.map { Int32($0) }
        vips_image_set_array_int(strip.pointer, "delay", &values, Int32(values.count))
        vips_image_set_int(strip.pointer, "loop", Int32(loop))
        return strip
    }

    /// Rows of one frame of a strip.
    public var pageHeight: Int {
        var value: Int32 = 0
        return vips_image_get_typeof(pointer, "page-height") != 0 && vips_image_get_int(pointer, "page-height", &value) == 0
            && value > 0 ? Int(value) : height
    }

    public var pageCount: Int { height / pageHeight }

    /// Frames in the file, from a header (`n-pages`; 1 for formats without frames).
    public var framesInFile: Int { max(1, int("n-pages") ?? 1) }

    /// Milliseconds per frame, as the file says (empty when it says nothing).
    public var delays: [Int] {
        guard vips_image_get_typeof(pointer, "delay") != 0 else { return [] }
        var values: UnsafeMutablePointer<Int32>?
        var count: Int32 = 0
        guard vips_image_get_array_int(pointer, "delay", &values, &count) == 0, let values else { return [] }
        return (0..<Int(count)).map { Int(values[$0]) }
    }

    /// Times the animation plays; 0: forever.
    public var loop: Int {
        var value: Int32 = 0
        return vips_image_get_typeof(pointer, "loop") != 0 && vips_image_get_int(pointer, "loop", &value) == 0 ? Int(value) : 0
    }

    /// A rectangle of the image.
    public func cropped(left: Int, top: Int, width: Int, height: Int) throws(VipsError) -> VipsImage {
        try Self.make("crop") { imgsite_vips_crop(pointer, $0, Int32(left), Int32(top), Int32(width), Int32(height)) }
    }

    /// `images`, of one width, one above the other.
    public static func stacked(_ images: [VipsImage]) throws(VipsError) -> VipsImage {
        var pointers: [UnsafeMutablePointer<CVips.VipsImage>?] = images.map(\.pointer)
        let count = Int32(pointers.count)
        return try withExtendedLifetime(images) { () throws(VipsError) -> VipsImage in
            try make("arrayjoin") { out in imgsite_vips_stack(&pointers, count, out) }
        }
    }

    /// sRGB, 8 bits, with alpha.
    public func rgba() throws(VipsError) -> VipsImage {
        try Self.make("colourspace") { imgsite_vips_rgba(pointer, $0) }
    }

    /// An animated WebP, each frame stored as its difference from the last
    /// where smaller; `lossless` for flat, few-colour frames (cartoons). No metadata (`WebPChunks`).
    public func animatedWebPEncoded(quality: Int, effort: Int, lossless: Bool) throws(VipsError) -> [UInt8] {
        try WebPChunks.stripped(save("webpsave") {
            imgsite_vips_webpsave_animated_buffer(pointer, &$0, &$1, Int32(quality), Int32(effort), lossless ? 1 : 0)
        })
    }

    private func save(
        _ operation: String, _ call: (inout UnsafeMutableRawPointer?, inout Int) -> Int32
    ) throws(VipsError) -> [UInt8] {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        try LibvipsCall.run(operation) { call(&buffer, &length) == 0 && buffer != nil }
        defer { g_free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: length))
    }
}
