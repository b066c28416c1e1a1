internal import CVips
internal import CVipsShim

/// What turns an SDR image into its HDR rendition: a gain map's parameters
/// (Ultra HDR's XMP and ISO 21496-1 hold the same ones), per channel, as
/// linear ratios. A pixel's HDR value is its SDR value times
/// 2^(log2(minBoost) × (1 − g) + log2(maxBoost) × g), g being the gain
/// map's value raised to 1 / gamma, with the offsets added before and
/// subtracted after.
public struct GainMapParameters: Sendable, Hashable, Codable {
    public var maxContentBoost: [Double]
    public var minContentBoost: [Double]
    public var gamma: [Double]
    public var offsetSDR: [Double]
    public var offsetHDR: [Double]
    /// The display headroom from which the gain map starts to apply, and at
    /// which it applies whole.
    public var hdrCapacityMin: Double
    public var hdrCapacityMax: Double
    /// The gain map applies in the base image's colour space (else the HDR one's).
    public var useBaseColourGamut: Bool

    /// One channel's map, all channels alike, with no offsets: `maxContentBoost`
    /// the brightest highlight over SDR white (Apple's headroom), applied
    /// whole from that headroom on.
    public init(maxContentBoost: Double, minContentBoost: Double = 1, gamma: Double = 1) {
        self.maxContentBoost = [maxContentBoost, maxContentBoost, maxContentBoost]
        self.minContentBoost = [minContentBoost, minContentBoost, minContentBoost]
        self.gamma = [gamma, gamma, gamma]
        offsetSDR = [0, 0, 0]
        offsetHDR = [0, 0, 0]
        hdrCapacityMin = 1
        hdrCapacityMax = maxContentBoost
        useBaseColourGamut = true
    }

    init(_ metadata: ImgsiteGainMapMetadata) {
        func array(_ tuple: (Double, Double, Double)) -> [Double] { [tuple.0, tuple.1, tuple.2] }
        maxContentBoost = array(metadata.max_content_boost)
        minContentBoost = array(metadata.min_content_boost)
        gamma = array(metadata.gamma)
        offsetSDR = array(metadata.offset_sdr)
        offsetHDR = array(metadata.offset_hdr)
        hdrCapacityMin = metadata.hdr_capacity_min
        hdrCapacityMax = metadata.hdr_capacity_max
        useBaseColourGamut = metadata.use_base_colour_gamut != 0
    }

    var metadata: ImgsiteGainMapMetadata {
        func tuple(_ values: [Double]) -> (Double, Double, Double) { (values[0], values[1], values[2]) }
        return ImgsiteGainMapMetadata(
            max_content_boost: tuple(maxContentBoost), min_content_boost: tuple(minContentBoost), gamma: tuple(gamma),
            offset_sdr: tuple(offsetSDR), offset_hdr: tuple(offsetHDR), hdr_capacity_min: hdrCapacityMin,
            hdr_capacity_max: hdrCapacityMax, use_base_colour_gamut: useBaseColourGamut ? 1 : 0)
    }

    /// The brightest the HDR rendition gets over SDR white, in stops.
    public var headroomStops: Double { log2(max(hdrCapacityMax, 1)) }
}

/// A gain map: its pixels (one band, or three for a colour map) and parameters.
public struct GainMap {
    public var image: VipsImage
    public var parameters: GainMapParameters

    public init(image: VipsImage, parameters: GainMapParameters) {
        self.image = image
        self.parameters = parameters
    }
}

extension Vips {
    /// Whether this libvips reads and writes gain maps (libvips 8.18 or
    /// newer built with libultrahdr): without it, HDR photos are published
    /// SDR. Read once, as libvips is loaded once.
    public static let handlesGainMaps: Bool = {
        try? startOnce()
        return !missingFunctions.contains { gainMapFunctions.contains($0.function) } && imgsite_vips_gainmaps() != 0
    }()

    /// The functions gain maps need (libvips 8.18): one feature, said in one line (`HDREngine`).
    public static let gainMapFunctions: Set = ["vips_uhdrsave_buffer", "vips_image_get_gainmap", "vips_uhdr2scRGB"]
}

extension VipsImage {
    /// The gain map of the file at `path` (an Ultra HDR or ISO 21496-1
    /// JPEG), as libvips' uhdrload reads it, decoded; nil when it has none.
    /// Stored as the file stores its base: turn it as the base is turned.
    public static func gainMap(ofFile path: String) throws(VipsError) -> GainMap? {
        let opened = try header(of: path)
        return try opened.gainMap(path: path)
    }

    /// The parameters of the gain map of the file at `path`, read from its
    /// header without decoding a pixel; nil when it has none.
    public static func gainMapParameters(ofFile path: String) throws(VipsError) -> GainMapParameters? {
        let opened = try header(of: path)
        guard Vips.handlesGainMaps, vips_image_get_typeof(opened.pointer, "gainmap-data") != 0 else { return nil }
        var metadata = ImgsiteGainMapMetadata()
        guard imgsite_vips_gainmap_metadata(opened.pointer, &metadata) == 0 else { return nil }
        return GainMapParameters(metadata)
    }

    /// The gain map this image carries (opened by uhdrload, or attached), decoded; nil when none.
    func gainMap(path: String? = nil) throws(VipsError) -> GainMap? {
        guard Vips.handlesGainMaps, vips_image_get_typeof(pointer, "gainmap-data") != 0 || vips_image_get_typeof(pointer, "gainmap") != 0
        else { return nil }
        var metadata = ImgsiteGainMapMetadata()
        guard imgsite_vips_gainmap_metadata(pointer, &metadata) == 0 else {
            throw VipsError(operation: "uhdrload", path: path, message: "its gain map's parameters are incomplete")
        }
        let image = try Self.make("gainmap", path: path) { out in
            out.pointee = imgsite_vips_gainmap(pointer)
            return out.pointee == nil ? -1 : 0
        }
        return GainMap(image: try image.materialized(), parameters: GainMapParameters(metadata))
    }

    /// This image (sRGB, 8-bit) with `gainMap` attached, ready for `ultraHDREncoded`.
    public func carrying(_ gainMap: GainMap) throws(VipsError) -> VipsImage {
        var metadata = gainMap.parameters.metadata
        return try Self.make("gainmap") { imgsite_vips_gainmap_attach(pointer, gainMap.image.pointer, &metadata, $0) }
    }

    /// An Ultra HDR JPEG (ISO 21496-1, and XMP where libultrahdr writes it)
    /// of this image and the gain map it carries (`carrying`): the base
    /// encoded by libvips' jpegsave at `quality`, no metadata but the gain map's.
    public func ultraHDREncoded(quality: Int) throws(VipsError) -> [UInt8] {
        try encodedByLibvips(.ultraHDR(quality: quality), keepMetadata: false)
    }

    /// The HDR rendition of an image opened with its gain map (libvips'
    /// uhdr2scRGB): linear light, sRGB primaries, 1.0 the SDR white as the
    /// library scales it, highlights above it. For measuring.
    public func hdrRendition() throws(VipsError) -> VipsImage {
        try Self.make("uhdr2scRGB") { imgsite_vips_uhdr_to_scrgb(pointer, $0) }
    }
}

extension VipsImage {
    /// A one-band 8-bit image of `pixels`, `width` × `height`, rows packed (copied).
    public static func grey(pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int) throws(VipsError) -> VipsImage {
        precondition(pixels.count >= width * height, "a grey image's pixels")
        return try make("new_from_memory") { imgsite_vips_grey_image(pixels.baseAddress, Int32(width), Int32(height), $0) }
    }

    /// Each 8-bit value replaced by `table`'s entry (256 of them).
    public func mapped(through table: [UInt8]) throws(VipsError) -> VipsImage {
        precondition(table.count == 256, "a table of 256 entries")
        return try Self.make("maplut") { out in table.withUnsafeBufferPointer { imgsite_vips_maplut(pointer, $0.baseAddress, out) } }
            .materialized()
    }
}

extension VipsImage {
    /// Every value as a 32-bit float, band-interleaved row by row, unscaled
    /// (small images: a rendition's linear light, measured).
    public func floatValues() throws(VipsError) -> [Float] {
        let image = try Self.make("cast") { imgsite_vips_cast_float(pointer, $0) }.materialized()
        let count = image.width * image.height * image.bands
        guard let data = vips_image_get_data(image.pointer) else {
            throw VipsError(operation: "pixels", message: "image has no pixel memory")
        }
        return Array(UnsafeBufferPointer(start: data.assumingMemoryBound(to: Float.self), count: count))
    }
}
