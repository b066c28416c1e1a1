internal import CVips
internal import CVipsShim

extension VipsImage {
    /// All pixels as interleaved 8-bit bytes, row by row (small images only).
    public func pixelBytes() throws -> [UInt8] {
        let image = try srgb()
        var length = 0
        guard let memory = vips_image_write_to_memory(image.pointer, &length) else {
            throw VipsError.fromBuffer(operation: "write_to_memory")
        }
        defer { g_free(memory) }
        return Array(UnsafeRawBufferPointer(start: memory, count: length))
    }

    /// The band values of the pixel at (x, y).
    public func pixel(x: Int, y: Int) throws -> [Double] {
        var vector: UnsafeMutablePointer<Double>?
        var count: Int32 = 0
        guard imgsite_vips_getpoint(pointer, &vector, &count, Int32(x), Int32(y)) == 0, let vector else {
            throw VipsError.fromBuffer(operation: "getpoint")
        }
        defer { g_free(vector) }
        return Array(UnsafeBufferPointer(start: vector, count: Int(count)))
    }
}
