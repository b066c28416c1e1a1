import Foundation
import Vips

/// A JPEG that carries a gain map (Ultra HDR, Adobe's gain maps, ISO
/// 21496-1): its primary image, the SDR rendition every reader shows, and
/// after it a second JPEG, the gain map, which the primary's multi-picture
/// (MPF) segment locates. The gain map's parameters are in its own XMP
/// (`hdrgm`) or ISO 21496-1 segment, or both; the primary announces them
/// with `hdrgm:Version` in its XMP or the ISO segment's version.
///
/// Read from the bytes alone, never decoded: whether a file is one, where
/// its two images are, and the same file rewritten with nothing of its
/// metadata but what the gain map needs (`cleaned`, `withXMP`).
package struct GainMapJPEG: Equatable {
    /// The primary image (from the file's start) and the gain map.
    package var primary: Range<Int>
    package var gainMap: Range<Int>
    /// The primary's ISO 21496-1 segment's payload (its version), if any.
    var primaryISO: [UInt8]?

    /// The ISO 21496-1 segments' namespace (APP2).
    static let isoNamespace = Array("urn:iso:std:iso:ts:21496:-1\0".utf8)
    static let xmpNamespace = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
    static let mpfSignature = Array("MPF\0".utf8)

    /// Whether the segments before the first scan announce a gain map: a
    /// multi-picture segment and either the XMP's `hdrgm:Version` or an ISO
    /// 21496-1 segment. A camera's MPF preview announces neither.
    package static func announcesGainMap(_ bytes: [UInt8]) -> Bool {
        guard let head = Head(bytes) else { return false }
        return head.mpf != nil && (head.iso != nil || head.xmpDeclaresGainMap)
    }

    /// The file's two images; nil when it carries no gain map or its
    /// structure cannot be followed.
    package init?(_ bytes: [UInt8]) {
        guard let head = Head(bytes), let mpf = head.mpf, head.iso != nil || head.xmpDeclaresGainMap,
              let entries = Self.mpfEntries(bytes, tiffStart: mpf), entries.count >= 2
        else { return nil }
        // The first entry is the primary (offset 0); the gain map is the next JPEG one.
        let primaryEnd = entries[0].size > 0 ? min(entries[0].size, bytes.count) : bytes.count
        guard let second = entries.dropFirst().first(where: { $0.offset > 0 }) else { return nil }
        let start = mpf + second.offset
        guard start + 2 <= bytes.count, start >= primaryEnd || entries[0].size == 0, second.size > 0,
              bytes[start] == 0xFF, bytes[start + 1] == 0xD8
        else { return nil }
        primary = 0..<min(primaryEnd, start)
        gainMap = start..<min(start + second.size, bytes.count)
        primaryISO = head.iso
    }

    /// What the primary's segments before its first scan hold of interest.
    private struct Head {
        /// Where the MPF segment's TIFF header starts (its offsets count from there).
        var mpf: Int?
        package var iso: [UInt8]?
        var xmpDeclaresGainMap = false

        package init?(_ bytes: [UInt8]) {
            guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
            var offset = 2
            while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
                let marker = bytes[offset + 1]
                if marker == 0xFF { offset += 1; continue }
                if marker == 0xDA || marker == 0xD9 { break }
                let end = offset + 2 + Int(bytes.bigEndianUInt16(at: offset + 2))
                guard end <= bytes.count, end > offset + 4 else { return nil }
                let payload = bytes[(offset + 4)..<end]
                if marker == 0xE2, payload.starts(with: mpfSignature) { mpf = offset + 4 + mpfSignature.count }
                if marker == 0xE2, payload.starts(with: isoNamespace) { iso = Array(payload) }
                if marker == 0xE1, payload.starts(with: xmpNamespace) {
                    let text = String(decoding: payload.dropFirst(xmpNamespace.count), as: UTF8.self)
                    xmpDeclaresGainMap = text.contains("hdrgm:Version") || text.contains("hdrgm=\"http://ns.adobe.com/hdr-gain-map")
                }
                offset = end
            }
        }
    }

    /// The MPF directory's images: size and offset (from the TIFF header;
    /// 0 for the first image), in order; nil when it cannot be read.
    static func mpfEntries(_ bytes: [UInt8], tiffStart: Int) -> [(size: Int, offset: Int)]? {
        guard tiffStart + 8 <= bytes.count else { return nil }
        let little = bytes[tiffStart] == 0x49
        func u16(_ at: Int) -> Int? {
            let at = tiffStart + at
            guard at + 2 <= bytes.count else { return nil }
            return little ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? b << 16 | a : a << 16 | b
        }
        guard let directory = u32(4), let count = u16(directory), count < 64 else { return nil }
        for index in 0..<count {
            let entry = directory + 2 + index * 12
            guard let tag = u16(entry), tag == 0xB002 else { continue }
            guard let length = u32(entry + 4), let at = u32(entry + 8), length % 16 == 0, length <= 16 * 64 else { return nil }
            return (0..<(length / 16)).compactMap { image in
                guard let size = u32(at + image * 16 + 4), let offset = u32(at + image * 16 + 8) else { return nil }
                return (size, offset)
            }
        }
        return nil
    }
}

extension GainMapJPEG {
    /// The file as `downloads: original` publishes it: the primary's
    /// metadata cut as any JPEG's is (`JPEGSegments.cleaned`), the gain map
    /// kept byte for byte in its scans with nothing of its own metadata but
    /// its ISO 21496-1 parameters (numbers), and the XMP both images need
    /// written afresh from `parameters` (no field of the file's own XMP is
    /// copied). Nil when a part cannot be followed.
    package static func cleaned(
        _ bytes: [UInt8], parameters: GainMapParameters, credit: (artist: String?, copyright: String?)
    ) -> [UInt8]? {
        guard let file = GainMapJPEG(bytes) else { return nil }
        let primary = Array(bytes[file.primary]), gainMap = Array(bytes[file.gainMap])
        return assemble(primary: primary, gainMap: gainMap, parameters: parameters, primaryISO: file.primaryISO,
                        gainMapISO: Head(gainMap)?.iso, keepingProfiles: true) {
            CreditExif.tiff(artist: credit.artist, copyright: credit.copyright, orientation: $0)
        }
    }

    /// An Ultra HDR file from libultrahdr (`VipsImage.ultraHDREncoded`), which
    /// writes ISO 21496-1 and, as built for most libvips, no XMP: with the
    /// XMP of `parameters` too, so readers of either form show it (Chrome
    /// before 121 and Android 14 read only the XMP). Nil when it is not one.
    /// `credit`: the EXIF (TIFF bytes) of the artist and copyright alone (`keep-copyright`).
    package static func withXMP(_ bytes: [UInt8], parameters: GainMapParameters, credit: [UInt8]? = nil) -> [UInt8]? {
        guard let file = GainMapJPEG(bytes) else { return nil }
        let primary = Array(bytes[file.primary]), gainMap = Array(bytes[file.gainMap])
        // Its base is sRGB, as every file imgsite makes: the profile libultrahdr writes says only that.
        return assemble(primary: primary, gainMap: gainMap, parameters: parameters, primaryISO: file.primaryISO,
                        gainMapISO: Head(gainMap)?.iso, keepingProfiles: false, exif: { _ in credit })
    }

    /// Both images cleaned, each given the segments a gain-map file needs
    /// (XMP, ISO 21496-1, and the primary's MPF naming the gain map), joined;
    /// the primary's EXIF what `exif` makes of its own orientation (`JPEGSegments.cleaned`);
    /// their ICC profiles kept or not.
    private static func assemble(
        primary: [UInt8], gainMap: [UInt8], parameters: GainMapParameters, primaryISO: [UInt8]?, gainMapISO: [UInt8]?,
        keepingProfiles: Bool, exif: (Int) -> [UInt8]?
    ) -> [UInt8]? {
        let gainMapXMP = segment(0xE1, xmpNamespace + Array(GainMapXMP.gainMap(parameters).utf8))
        let gainMapSegments = [gainMapXMP, gainMapISO.flatMap { segment(0xE2, $0) }].compactMap { $0 }
        guard let map = JPEGSegments.cleaned(gainMap, exif: { _ in nil }, adding: gainMapSegments, keepingProfile: keepingProfiles)
        else { return nil }
        let xmp = segment(0xE1, xmpNamespace + Array(GainMapXMP.primary(gainMapLength: map.count).utf8))
        let iso = primaryISO.flatMap { segment(0xE2, $0) }
        // The MPF segment's size is fixed: written once to measure the primary, then with the offsets.
        let placeholder = mpfSegment(primarySize: 0, gainMapSize: 0, gainMapOffset: 0)
        guard let xmp, let placeholder,
              let measured = JPEGSegments.cleaned(primary, exif: exif, adding: [xmp, iso, placeholder].compactMap { $0 },
                                                  keepingProfile: keepingProfiles),
              let mpfAt = measured.firstRange(of: placeholder)?.lowerBound
        else { return nil }
        // Offsets count from the MPF segment's TIFF header: 4 bytes of marker and length, then "MPF\0".
        let tiffStart = mpfAt + 4 + mpfSignature.count
        guard let mpf = mpfSegment(primarySize: measured.count, gainMapSize: map.count, gainMapOffset: measured.count - tiffStart)
        else { return nil }
        var out = measured
        out.replaceSubrange(mpfAt..<(mpfAt + mpf.count), with: mpf)
        return out + map
    }

    /// An APPn segment; nil when the payload is too long for one.
    private static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8]? {
        guard payload.count + 2 <= 0xFFFF else { return nil }
        var bytes: [UInt8] = [0xFF, marker]
        bytes.appendBigEndian(UInt16(payload.count + 2))
        return bytes + payload
    }

    /// The primary's MPF segment (big-endian): version, two images, the
    /// primary (a baseline MP primary image) and the gain map after it.
    private static func mpfSegment(primarySize: Int, gainMapSize: Int, gainMapOffset: Int) -> [UInt8]? {
        var tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A]
        tiff.appendBigEndian(UInt32(8))  // the directory, right after the header
        let entries: UInt16 = 3
        let entriesAt = 8 + 2 + Int(entries) * 12 + 4
        tiff.appendBigEndian(entries)
        func entry(_ tag: UInt16, _ type: UInt16, _ count: UInt32, _ value: [UInt8]) {
            tiff.appendBigEndian(tag)
            tiff.appendBigEndian(type)
            tiff.appendBigEndian(count)
            tiff += value
        }
        entry(0xB000, 7, 4, Array("0100".utf8))  // MPF version
        var two: [UInt8] = []
        two.appendBigEndian(UInt32(2))
        entry(0xB001, 4, 1, two)  // number of images
        var at: [UInt8] = []
        at.appendBigEndian(UInt32(entriesAt))
        entry(0xB002, 7, 32, at)  // MP entries, after the directory
        tiff.appendBigEndian(UInt32(0))  // no next directory
        for (attributes, size, offset) in [(UInt32(0x0003_0000), primarySize, 0), (UInt32(0), gainMapSize, gainMapOffset)] {
            guard let size = UInt32(exactly: size), let offset = UInt32(exactly: offset) else { return nil }
            tiff.appendBigEndian(attributes)  // 0x030000: baseline MP primary image
            tiff.appendBigEndian(size)
            tiff.appendBigEndian(offset)
            tiff.appendBigEndian(UInt32(0))  // no dependent images
        }
        return segment(0xE2, mpfSignature + tiff)
    }
}

/// The XMP of a gain-map JPEG, from Adobe's gain map specification
/// (`hdrgm`, values in stops) and Google's container (Ultra HDR 1.0).
enum GainMapXMP {
    static let namespace = "http://ns.adobe.com/hdr-gain-map/1.0/"

    /// The primary's: the version, and the container directory naming the gain map's length.
    package static func primary(gainMapLength: Int) -> String {
        wrap("""
        xmlns:Container="http://ns.google.com/photos/1.0/container/" xmlns:Item="http://ns.google.com/photos/1.0/container/item/" \
        hdrgm:Version="1.0"><Container:Directory><rdf:Seq>\
        <rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="Primary" Item:Mime="image/jpeg"/></rdf:li>\
        <rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="GainMap" Item:Mime="image/jpeg" Item:Length="\(gainMapLength)"/></rdf:li>\
        </rdf:Seq></Container:Directory></rdf:Description>
        """)
    }

    /// The gain map's: its parameters, one value when every channel's is
    /// the same, else a sequence of three.
    package static func gainMap(_ p: GainMapParameters) -> String {
        let stops = { (ratios: [Double]) in ratios.map { log2(max($0, 1e-6)) } }
        let fields: [(String, [Double])] = [
            ("GainMapMin", stops(p.minContentBoost)), ("GainMapMax", stops(p.maxContentBoost)), ("Gamma", p.gamma),
            ("OffsetSDR", p.offsetSDR), ("OffsetHDR", p.offsetHDR),
        ]
        let single = fields.filter { Set($0.1).count == 1 }
        let perChannel = fields.filter { Set($0.1).count > 1 }
        let attributes = single.map { " hdrgm:\($0.0)=\"\(number($0.1[0]))\"" }.joined()
        let elements = perChannel.map { name, values in
            "<hdrgm:\(name)><rdf:Seq>" + values.map { "<rdf:li>\(number($0))</rdf:li>" }.joined() + "</rdf:Seq></hdrgm:\(name)>"
        }.joined()
        return wrap("""
        hdrgm:Version="1.0"\(attributes) hdrgm:HDRCapacityMin="\(number(log2(max(p.hdrCapacityMin, 1))))" \
        hdrgm:HDRCapacityMax="\(number(log2(max(p.hdrCapacityMax, 1))))" hdrgm:BaseRenditionIsHDR="False">\(elements)</rdf:Description>
        """)
    }

    /// Six significant digits, as XMP writers print reals.
    package static func number(_ value: Double) -> String {
        let text = String(format: "%.6g", value)
        return text == "-0" ? "0" : text
    }

    private static func wrap(_ description: String) -> String {
        """
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="imgsite"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description rdf:about="" xmlns:hdrgm="\(namespace)" \(description)</rdf:RDF></x:xmpmeta>
        """
    }
}
