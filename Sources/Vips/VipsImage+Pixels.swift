internal import CVips

extension VipsImage {
    /// All pixels as interleaved 8-bit bytes, row by row (small images only).
    public func pixelBytes() throws(VipsError) -> [UInt8] {
        let image = try srgb().materialized()
        let length = Int(vips_image_get_width(image.pointer)) * Int(vips_image_get_height(image.pointer)) * image.bands
        guard let data = vips_image_get_data(image.pointer) else {
            throw VipsError(operation: "pixels", message: "image has no pixel memory")
        }
        return Array(UnsafeRawBufferPointer(start: data, count: length))
    }
}
