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

    /// Frames stacked top to bottom, with their timing: ready for an animated save.
    public static func animation(frames: [VipsImage], delays: [Int], loop: Int) throws(VipsError) -> VipsImage {
        precondition(!frames.isEmpty && frames.count == delays.count)
        var pointers: [UnsafeMutablePointer<CVips.VipsImage>?] = frames.map(\.pointer)
        let joined = try make("arrayjoin") { imgsite_vips_join_vertically(&pointers, Int32(pointers.count), $0) }
        let strip = try make("copy") { imgsite_vips_copy(joined.pointer, $0) }
        vips_image_set_int(strip.pointer, "page-height", Int32(frames[0].height))
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

    /// sRGB, 8 bits, with alpha.
    public func rgba() throws(VipsError) -> VipsImage {
        try Self.make("colourspace") { imgsite_vips_rgba(pointer, $0) }
    }

    /// An animated GIF (cgif): `effort` 1–10 for the palette;
    /// `interframeMaxError` lets pixels that barely change stay transparent
    /// in the next frame, which is what makes GIF frames small.
    public func gifEncoded(effort: Int, interframeMaxError: Double, reusePalette: Bool) throws(VipsError) -> [UInt8] {
        try save("gifsave") { imgsite_vips_gifsave_buffer(pointer, &$0, &$1, Int32(effort), interframeMaxError, reusePalette ? 1 : 0) }
    }

    /// An animated WebP, each frame stored as its difference from the last where smaller.
    public func animatedWebPEncoded(quality: Int, effort: Int) throws(VipsError) -> [UInt8] {
        try save("webpsave") { imgsite_vips_webpsave_animated_buffer(pointer, &$0, &$1, Int32(quality), Int32(effort)) }
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
