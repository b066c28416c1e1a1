import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing
import Vips

/// A gain-map JPEG's structure read from its bytes alone (`GainMapJPEG`):
/// which files announce a gain map, where its two images are, and the file
/// rewritten for `downloads: original` with its metadata cut. Runs on any
/// libvips: nothing here needs one that reads gain maps.
@Suite struct GainMapJPEGTests {
    static let hdr = Corpus.root.appending(path: "hdr")
    static let files = ["aqua-ultrahdr.jpg", "dune-ultrahdr.jpg", "flower-turned-ultrahdr.jpg"]

    static func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: hdr.appending(path: name))) }

    /// `bytes` without the APPn segments whose payload starts with `prefix`.
    static func without(_ prefix: String, _ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0xFF, 0xD8], offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] != 0xDA {
            let end = offset + 2 + Int(bytes[offset + 2]) << 8 + Int(bytes[offset + 3])
            if !bytes[(offset + 4)...].starts(with: Array(prefix.utf8)) { out += bytes[offset..<end] }
            offset = end
        }
        return out + bytes[offset...]
    }

    @Test("the corpus' gain-map JPEGs announce their gain map; no other corpus JPEG does, nor one whose MPF names a second image without a gain map's metadata")
    func announces() throws {
        for name in Self.files { #expect(GainMapJPEG.announcesGainMap(try Self.bytes(name)), "\(name)") }
        let photos = FileManager.default.enumerator(at: Corpus.photos, includingPropertiesForKeys: nil)!.compactMap { $0 as? URL }
            .filter { ["jpg", "jpeg"].contains($0.pathExtension.lowercased()) }
        #expect(photos.count > 20)
        for photo in photos {
            #expect(!GainMapJPEG.announcesGainMap(Array(try Data(contentsOf: photo))), "\(photo.lastPathComponent)")
        }
        // A camera's MPF preview: a second image, but neither hdrgm nor ISO 21496-1.
        let plainMPF = Self.without("urn:iso:std:iso:ts:21496", try Self.bytes("aqua-ultrahdr.jpg"))
        #expect(!GainMapJPEG.announcesGainMap(plainMPF))
        #expect(GainMapJPEG(plainMPF) == nil)
    }

    @Test("the gain map is found where MPF says: a JPEG a quarter of the photo's size for the aqua, half for the dune")
    func findsTheGainMap() throws {
        for (name, size) in [("aqua-ultrahdr.jpg", (400, 250)), ("dune-ultrahdr.jpg", (700, 438)), ("flower-turned-ultrahdr.jpg", (188, 300))] {
            let bytes = try Self.bytes(name)
            let file = try #require(GainMapJPEG(bytes), "\(name)")
            #expect(file.primary.lowerBound == 0 && file.primary.upperBound <= file.gainMap.lowerBound)
            let map = try VipsImage.decode(Array(bytes[file.gainMap]))
            #expect((map.width, map.height, map.bands) == (size.0, size.1, 1), "\(name): \(map.width)×\(map.height)×\(map.bands)")
        }
    }

    @Test("cut for downloads: original: no GPS or camera EXIF anywhere, the primary's pixels and the gain map's scans untouched, XMP and ISO 21496-1 for both readers, MPF pointing at the gain map")
    func cleanedKeepsTheGainMap() throws {
        let name = "flower-turned-ultrahdr.jpg"
        let original = try Self.bytes(name)
        let parameters = GainMapParameters(maxContentBoost: 8)  // the file's: 3 stops
        let cleaned = try #require(GainMapJPEG.cleaned(original, parameters: parameters, credit: (nil, nil)))
        let before = try #require(GainMapJPEG(original)), after = try #require(GainMapJPEG(cleaned))
        // The gain map's coded data is the same; its own metadata is rewritten.
        let scans = { (bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> in bytes[(bytes.firstRange(of: [0xFF, 0xDA])?.lowerBound ?? 0)...] }
        #expect(scans(original[before.gainMap]) == scans(cleaned[after.gainMap]))
        let primary = try VipsImage.decode(Array(original[before.primary])), kept = try VipsImage.decode(Array(cleaned[after.primary]))
        #expect(try primary.pixelBytes() == kept.pixelBytes())
        let text = String(decoding: cleaned, as: UTF8.self)
        #expect(text.contains("hdrgm:Version=\"1.0\"") && text.contains("hdrgm:GainMapMax=\"3\"") && text.contains("Item:Semantic=\"GainMap\""))
        #expect(text.components(separatedBy: "urn:iso:std:iso:ts:21496:-1").count == 3, "an ISO 21496-1 segment in each image")
        let folder = try Corpus.scratch()
        let file = folder.appending(path: "cleaned.jpg"), map = folder.appending(path: "gain-map.jpg")
        try Data(cleaned).write(to: file)
        try Data(cleaned[after.gainMap]).write(to: map)
        let tags = try ExifTool.tags(of: [file, map])
        for (path, fields) in tags {
            #expect(!fields.keys.contains { $0.hasPrefix("GPS:") || $0.contains("Serial") || $0.hasPrefix("Nikon") }, "\(path): \(fields.keys.sorted())")
        }
        #expect(tags[file.path]?["IFD0:Orientation"] == "6", "the orientation stays")
        #expect(tags[file.path]?["MPImage2:MPImageStart"] == "\(after.gainMap.lowerBound)")
        #expect(tags[file.path]?["MPImage2:MPImageLength"] == "\(after.gainMap.count)")
    }

    @Test("libultrahdr's file gains the XMP of its parameters beside its ISO 21496-1, and stays a gain-map JPEG")
    func addsXMP() throws {
        let original = try Self.bytes("aqua-ultrahdr.jpg")
        #expect(!String(decoding: original, as: UTF8.self).contains("hdrgm:"), "the corpus file has no XMP: libultrahdr writes ISO 21496-1 only")
        let parameters = GainMapParameters(maxContentBoost: pow(2, 2.5))
        let written = try #require(GainMapJPEG.withXMP(original, parameters: parameters))
        let file = try #require(GainMapJPEG(written))
        #expect(String(decoding: written[file.gainMap], as: UTF8.self).contains("hdrgm:GainMapMax=\"2.5\""))
        #expect(GainMapJPEG.announcesGainMap(written))
        // Under keep-copyright, the credit alone: as the SDR JPEGs carry it.
        let credited = try #require(GainMapJPEG.withXMP(original, parameters: parameters,
                                                         credit: CreditExif.tiff(artist: "Ada Example", copyright: "© 2026 Ada Example")))
        let file2 = try Corpus.scratch().appending(path: "credited.jpg")
        try Data(credited).write(to: file2)
        let tags = try ExifTool.tags(of: file2)
        #expect(tags["IFD0:Artist"] == "Ada Example" && tags["IFD0:Copyright"] == "© 2026 Ada Example", "\(tags)")
        #expect(!tags.keys.contains { $0.hasPrefix("GPS") || $0.hasPrefix("ExifIFD") }, "\(tags.keys.sorted())")
    }
}
