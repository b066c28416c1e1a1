internal import CVips

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

}
