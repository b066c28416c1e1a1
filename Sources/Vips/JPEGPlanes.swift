internal import CVips
internal import CVipsShim

/// A JPEG's Y, Cb and Cr planes, each resized and turned on its own and
/// encoded as they are (`CVipsShim/jpeg_planes.c`): a JPEG made from a JPEG
/// without the chroma upsampling, colour conversions and chroma averaging
/// a pass through RGB costs. Once resized, the chroma planes are half the
/// luma's size (4:2:0), as every JPEG imgsite writes.
public struct JPEGPlanes {
    /// Y, Cb, Cr.
    let planes: [VipsImage]

    public var width: Int { planes[0].width }
    public var height: Int { planes[0].height }

    private init(_ planes: [VipsImage]) {
        self.planes = planes
    }

    /// The planes of an 8-bit YCbCr JPEG (4:4:4, 4:2:2 or 4:2:0) decoded
    /// at 1/`shrink` (1, 2, 4 or 8), as stored: not turned upright. Nil for
    /// any other JPEG and for a damaged one, as `decodedPlainJPEG`.
    public static func decoded(_ path: String, shrink: Int) -> JPEGPlanes? {
        precondition([1, 2, 4, 8].contains(shrink), "libjpeg scales by 1, 2, 4 or 8")
        var out: [UnsafeMutablePointer<CVips.VipsImage>?] = [nil, nil, nil]
        guard (try? LibvipsCall.run("jpegload", path: path, { imgsite_jpeg_decode_planes(path, Int32(shrink), &out) == 0 })) != nil
        else { return nil }
        return JPEGPlanes(out.map { VipsImage(owning: $0!) })
    }

    /// Resized with Lanczos-3 to `width` × `height` (neither larger than
    /// now), the chroma to half that, rounded up, lined up for the turn
    /// from EXIF `orientation` that follows (`upright(fromOrientation:)`).
    public func downsized(toWidth width: Int, height: Int, thenTurnedFrom orientation: Int = 1) throws(VipsError) -> JPEGPlanes {
        let luma = planes[0]
        var resized = [try VipsImage.make("resize") { imgsite_reduce(luma.pointer, $0, Int32(width), Int32(height), nil) }]
        for chroma in planes.dropFirst() {
            var grid = ImgsiteReduceGrid(
                horizontal: Self.chromaAxis(luma: luma.width, chroma: chroma.width, out: width, mirrored: [2, 3, 7, 8].contains(orientation)),
                vertical: Self.chromaAxis(luma: luma.height, chroma: chroma.height, out: height, mirrored: [3, 4, 6, 7].contains(orientation)))
            resized.append(try VipsImage.make("resize") {
                imgsite_reduce(chroma.pointer, $0, Int32((width + 1) / 2), Int32((height + 1) / 2), &grid)
            })
        }
        return JPEGPlanes(resized)
    }

    /// Where output chroma samples are taken along an axis `luma` pixels
    /// long in the source (`chroma` samples) and `out` in the output.
    ///
    /// A chroma sample sits at the centre of the two luma pixels it covers
    /// (JPEG's and JFIF's siting), so the plane is resized by the luma's
    /// scale times two over the source's own sampling, not by the ratio of
    /// the planes' sizes, which drifts by up to half a sample at the far
    /// edge. Along an odd side, the last sample covers one pixel and is
    /// taken at that pixel (as an encoder averaging that pixel with its
    /// copy does); when the turn that follows mirrors the axis, that
    /// one-pixel sample must be the first before it, so every sample is
    /// taken one luma pixel earlier.
    static func chromaAxis(luma: Int, chroma: Int, out: Int, mirrored: Bool) -> ImgsiteReduceAxis {
        let sampling = luma > chroma ? 2.0 : 1.0
        // Input chroma samples per output luma pixel, and per output chroma sample.
        let perPixel = Double(luma) / sampling / Double(out)
        let shift = mirrored && out % 2 == 1 ? -perPixel : 0
        return ImgsiteReduceAxis(scale: 2 * perPixel, shift: shift, low: 0.5 * perPixel, high: (Double(out) - 0.5) * perPixel)
    }

    /// Turned upright from EXIF `orientation` (1–8), each plane alike.
    public func upright(fromOrientation orientation: Int) throws(VipsError) -> JPEGPlanes {
        if orientation == 1 { return self }
        var turned: [VipsImage] = []
        for plane in planes { turned.append(try plane.upright(fromOrientation: orientation)) }
        return JPEGPlanes(turned)
    }

    /// A 4:2:0 JPEG with `VipsImage.encoded`'s settings and no metadata.
    public func encoded(quality: Int, progressive: Bool) throws(VipsError) -> [UInt8] {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        try withPointers { planes throws(VipsError) in
            try LibvipsCall.run("jpegsave") {
                imgsite_jpeg_encode_planes(planes, &buffer, &length, Int32(quality), progressive ? 1 : 0) == 0 && buffer != nil
            }
        }
        defer { free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: length))
    }

    /// The picture in 8-bit sRGB (placeholders are sampled from it).
    public func rgb() throws(VipsError) -> VipsImage {
        try withPointers { planes throws(VipsError) in
            try VipsImage.make("colourspace") { imgsite_jpeg_planes_to_rgb(planes, $0) }
        }
    }

    private func withPointers<T>(
        _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CVips.VipsImage>?>) throws(VipsError) -> T
    ) throws(VipsError) -> T {
        var pointers: [UnsafeMutablePointer<CVips.VipsImage>?] = planes.map(\.pointer)
        return try withExtendedLifetime(planes) { () throws(VipsError) -> T in
            try pointers.withUnsafeMutableBufferPointer { buffer throws(VipsError) -> T in try body(buffer.baseAddress!) }
        }
    }
}
