import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing

/// Originals published as they are but for their metadata: no GPS, serial
/// or maker note survives, the scans are the source's bytes, the
/// orientation and (under keep-copyright) the credit stay.
@Suite struct OriginalDownloadTests {
    /// The bytes from the first scan's marker to the end-of-image marker
    /// (of a file without an EXIF thumbnail, which has its own).
    static func scans(_ bytes: [UInt8]) throws -> ArraySlice<UInt8> {
        let start = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        let end = try #require((start..<bytes.count - 1).last { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xD9 })
        return bytes[start...end + 1]
    }

    static func cleaned(_ corpus: String, policy: MetadataPolicy = .strip, credit: (String?, String?) = (nil, nil)) throws -> (source: [UInt8], file: URL) {
        let source = [UInt8](try Data(contentsOf: Corpus.photo(corpus)))
        let (format, bytes) = try #require(OriginalDownload.cleaned(source, policy: policy, credit: credit))
        #expect(format == .jpeg)
        let file = try Corpus.scratch("original").appending(path: "cleaned.jpg")
        try Data(bytes).write(to: file)
        return (source, file)
    }

    @Test("camera JPEGs with GPS and maker notes: no GPS, make, serial or maker note left; the scans unchanged", arguments: [
        "cameras/DSCN0010.jpg", "cameras/canon-ixus.jpg", "cameras/nikon-e950.jpg", "cameras/olympus-c960.jpg",
    ])
    func cameras(corpus: String) throws {
        let (source, file) = try Self.cleaned(corpus)
        let tags = try ExifTool.tags(of: file)
        let leaked = tags.keys.filter { key in
            ["GPS", "MakerNote", "Serial", "Make", "Model", "XMP", "IPTC", "Comment"].contains { key.localizedCaseInsensitiveContains($0) }
        }
        #expect(leaked.isEmpty, "\(leaked)")
        #expect(tags.keys.allSatisfy { !$0.hasPrefix("IFD0:") && !$0.hasPrefix("ExifIFD:") }, "an upright photo needs no EXIF: \(tags.keys.sorted())")
        let scans = try Self.scans([UInt8](Data(contentsOf: file)))
        #expect(scans.count > source.count / 2 && source.firstRange(of: scans) != nil, "the pixels' bytes are the source's")
        #expect(tags["File:ImageWidth"] != nil && tags["ExifTool:Warning"] == nil, "\(tags["ExifTool:Warning"] ?? "")")
    }

    @Test("the orientation stays, alone, so a turned photo opens upright; keep-copyright keeps the credit")
    func orientationAndCredit() throws {
        let (_, turned) = try Self.cleaned("orientation/Landscape_6.jpg")
        let tags = try ExifTool.tags(of: turned)
        #expect(tags["IFD0:Orientation"] == "6")
        #expect(tags.keys.filter { $0.hasPrefix("IFD0:") || $0.hasPrefix("ExifIFD:") } == ["IFD0:Orientation"])
        let (_, credited) = try Self.cleaned("cameras/ricoh-rdc5300.jpg", policy: .keepCopyright, credit: ("Ann <Lee>", "(C) Ann Lee"))
        let credit = try ExifTool.tags(of: credited)
        #expect(credit["IFD0:Artist"] == "Ann <Lee>" && credit["IFD0:Copyright"] == "(C) Ann Lee")
        let (_, stripped) = try Self.cleaned("cameras/ricoh-rdc5300.jpg", policy: .strip, credit: ("Ann", "(C) Ann"))
        #expect(try ExifTool.tags(of: stripped)["IFD0:Copyright"] == nil, "strip keeps no credit")
    }

    @Test("a progressive JPEG with a comment between scans and bytes after its end: every scan kept, the rest left out")
    func progressive() throws {
        // SOI, APP1 (Exif), DQT, SOF2, DHT, SOS + data (a stuffed 0xFF00 and a restart), COM, DHT, SOS + data, EOI, a trailer.
        func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] { [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body }
        let exif = segment(0xE1, Array("Exif\0\0".utf8) + [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0])
        let firstScan = segment(0xDA, [1, 1, 0, 0, 63, 0]) + [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56]
        let secondScan = segment(0xDA, [1, 1, 0, 1, 63, 0]) + [0x78, 0x9A]
        let tables = segment(0xDB, Array(repeating: 1, count: 65)) + segment(0xC2, [8, 0, 1, 0, 1, 1, 1, 0x11, 0])
        let file = [0xFF, 0xD8] + exif + tables + segment(0xC4, [0, 1]) + firstScan + segment(0xFE, Array("GPS 51.5N".utf8))
            + segment(0xC4, [1, 2]) + secondScan + [0xFF, 0xD9] + Array("trailing video".utf8)
        let cleaned = try #require(JPEGSegments.cleaned(file, credit: (nil, nil)))
        #expect(cleaned == [0xFF, 0xD8] + tables + segment(0xC4, [0, 1]) + firstScan + segment(0xC4, [1, 2]) + secondScan + [0xFF, 0xD9])
        #expect(JPEGSegments.cleaned(Array(file.prefix(40)), credit: (nil, nil)) == nil, "a truncated file is refused, not half-published")
    }
}
