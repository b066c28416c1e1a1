import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing
import Vips

/// HDR photos' files (#69): each HDR photo's gain-map JPEGs beside its usual
/// files, checked as an instrument would (their HDR rendition against the
/// source's in linear light) and as a reader of metadata would.
@Suite(.tags(.hdr), .enabled(if: Vips.handlesGainMaps, "needs a libvips that writes gain maps (8.18 with libultrahdr): `make test-hdr` runs it with PyPI's"))
struct HDRFilesTests {
    static let files = GainMapJPEGTests.files

    /// The corpus' gain-map JPEGs and an SDR photo in one album, built once.
    static let built: Result<TestBuild, any Swift.Error> = Result {
        let input = try Corpus.scratch("hdr-input")
        try Corpus.copy(files.map { Corpus.root.appending(path: "hdr/\($0)") } + [Corpus.photo("nature/Storm.jpg")], into: input, album: "hdr")
        return try TestBuild.run(input: input)
    }

    static let gainMapMarks = ["urn:iso:std:iso:ts:21496:-1", "hdrgm:", "MPF\u{0}"]

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool { bytes.firstRange(of: Array(text.utf8)) != nil }

    @Test("each HDR photo has a gain-map JPEG at every width a large view takes, upright and 4:2:0, with ISO 21496-1 and XMP; the SDR photo has none; no file but those holds a gain-map byte")
    func files() throws {
        let build = try Self.built.get()
        #expect(build.summary.hdrPhotos == 3 && build.summary.hdrPublishedSDR == 0 && build.summary.failed.isEmpty)
        let layout = ThemeLayout()
        for name in Self.files {
            let image = try build.image("hdr/\(name)")
            #expect(image.dynamicRange == .gainMapJPEG)
            let hdr = image.hdrStills
            let ladder = Set(image.stills.map(\.width)).sorted(by: >)
            #expect(hdr.map(\.width) == ladder.filter { Double($0) >= HDRFiles.floor(layout) }, "\(name): \(hdr.map(\.width)) of \(ladder)")
            let tags = try ExifTool.tags(of: hdr.map(build.url))
            for file in hdr {
                let bytes = Array(try Data(contentsOf: build.url(file)))
                let fields = try #require(tags[build.url(file).path])
                #expect(fields["File:YCbCrSubSampling"] == "2 2", "\(file.path): 4:2:0")
                #expect(fields["File:ImageWidth"] == "\(file.width)" && fields["File:ImageHeight"] == "\(file.height)", "\(file.path) upright")
                #expect(fields["XMP-hdrgm:Version"] == "1.0" && fields["MPF0:NumberOfImages"] == "2", "\(file.path)")
                #expect(Self.contains(bytes, "urn:iso:std:iso:ts:21496:-1"))
                #expect(!fields.keys.contains { $0.hasPrefix("GPS") || $0.hasPrefix("IFD0:") || $0.hasPrefix("ExifIFD") }, "\(file.path): no camera EXIF")
                let map = try #require(GainMapJPEG(bytes))
                #expect(!Self.contains(Array(bytes[map.gainMap]), "Exif\u{0}\u{0}"), "the gain map carries no EXIF")
                #expect(file.path.hasSuffix(".jpg") && file.path.contains("-hdr."))
            }
            for file in image.variants where file.role != .hdr {
                let bytes = Array(try Data(contentsOf: build.url(file)))
                #expect(!Self.gainMapMarks.contains { Self.contains(bytes, $0) }, "\(file.path) holds a gain map's byte")
            }
        }
        let storm = try build.image("hdr/Storm.jpg")
        #expect(storm.dynamicRange == nil && storm.hdrStills.isEmpty)
    }

    @Test("each HDR file's rendition is within a quarter stop of its source's in the highlights, at the same size, in linear light; the turned flower is upright")
    func renditions() throws {
        let build = try Self.built.get()
        var said: [String] = []
        for name in Self.files {
            let image = try build.image("hdr/\(name)")
            let source = Corpus.root.appending(path: "hdr/\(name)").path
            let orientation = name.contains("turned") ? 6 : 1
            for file in [image.hdrStills.first, image.hdrStills.dropFirst(image.hdrStills.count / 2).first].compactMap({ $0 }) {
                let (width, height) = (min(file.width, 400), Int((Double(min(file.width, 400)) * Double(file.height) / Double(file.width)).rounded()))
                let reference = try HDRRendition.ofFile(source, orientation: orientation, width: width, height: height)
                let measured = try HDRRendition.ofFile(build.url(file).path, width: width, height: height)
                let error = HDRRendition.error(measured, against: reference)
                said.append("\(file.path): \(error)")
                #expect(error.highlights > 100 && error.p95 < 0.25 && error.mean < 0.1, "\(file.path): \(error)")
                // Turned the wrong way, the highlights would land elsewhere: the SDR base agrees too.
                let sdr = try VipsImage.decode(Array(try Data(contentsOf: build.url(file)))).resized(toWidth: width, height: height)
                let base = try VipsImage.header(of: source).upright(fromOrientation: orientation).resized(toWidth: width, height: height)
                #expect(try sdr.srgb().psnr(against: base.srgb()) > 30, "\(file.path): its SDR base is its source's")
            }
        }
        print(said.joined(separator: "\n"))
    }

    @Test("the photo page gives HDR screens its gain-map JPEGs first; album grids never name one")
    func pages() throws {
        let build = try Self.built.get()
        let page = try String(contentsOf: build.output.appending(path: "hdr/aqua-ultrahdr.html"), encoding: .utf8)
        // The photo's own picture (the next photo's follows, in the viewer's template).
        let picture = try #require(page.firstRange(of: "</picture>").map { page[..<$0.lowerBound] })
        let sources = picture.matches(of: /<source media="([^"]*)" type="([^"]*)" srcset="([^"]*)"/).map { (String($0.1), String($0.2), String($0.3)) }
        let first = try #require(sources.first)
        #expect(first.0 == "(dynamic-range: high)" && first.1 == "image/jpeg" && first.2.contains("-hdr."), "\(first)")
        #expect(sources.dropFirst().allSatisfy { !$0.2.contains("-hdr.") })
        let album = try String(contentsOf: build.output.appending(path: "hdr/index.html"), encoding: .utf8)
        #expect(!album.contains("-hdr."))
    }

    @Test("hdr: sdr publishes no gain-map byte anywhere; an album's hdr: sdr holds for it alone")
    func sdrOnly() throws {
        let input = try Corpus.scratch("hdr-choice")
        for album in ["kept", "flat"] {
            try Corpus.copy([Corpus.root.appending(path: "hdr/aqua-ultrahdr.jpg")], into: input, album: album)
        }
        let config = try SiteConfig.parse(yaml: "albums:\n  flat: { hdr: sdr }\n", file: "imgsite.yml")
        let build = try TestBuild.run(input: input, config: config)
        #expect(!(try build.image("kept/aqua-ultrahdr.jpg")).hdrStills.isEmpty)
        let flat = try build.image("flat/aqua-ultrahdr.jpg")
        #expect(flat.hdrStills.isEmpty && flat.dynamicRange == .gainMapJPEG)
        #expect(build.summary.hdrPhotos == 2 && build.summary.hdrPublishedSDR == 1 && !build.summary.notes.contains { $0.contains("HDR") })

        var everywhere = SiteConfig()
        everywhere.hdr = .sdr
        let none = try TestBuild.run(input: input, config: everywhere)
        let published = FileManager.default.enumerator(at: none.output, includingPropertiesForKeys: nil)!.compactMap { $0 as? URL }
            .filter { !$0.hasDirectoryPath && $0.lastPathComponent != "manifest.json" }
        #expect(published.count > 20)
        for file in published {
            let bytes = Array(try Data(contentsOf: file))
            #expect(!Self.gainMapMarks.contains { Self.contains(bytes, $0) }, "\(file.lastPathComponent) holds a gain map's byte")
        }
    }

    @Test("downloads: original keeps the gain map, its metadata cut (no GPS), its rendition the source's; largest offers the widest HDR JPEG, and the album's zip holds it")
    func downloads() throws {
        let input = try Corpus.scratch("hdr-downloads")
        try Corpus.copy([Corpus.root.appending(path: "hdr/flower-turned-ultrahdr.jpg")], into: input, album: "hdr")
        var config = SiteConfig()
        config.downloads = .original
        let originals = try TestBuild.run(input: input, config: config)
        let image = try originals.image("hdr/flower-turned-ultrahdr.jpg")
        let original = try #require(image.variants.first { $0.role == .original })
        let bytes = Array(try Data(contentsOf: originals.url(original)))
        #expect(GainMapJPEG(bytes) != nil, "the original keeps its gain map")
        let tags = try ExifTool.tags(of: originals.url(original))
        #expect(!tags.keys.contains { $0.hasPrefix("GPS") } && tags["IFD0:Orientation"] == "6" && tags["XMP-hdrgm:Version"] == "1.0", "\(tags.keys.sorted())")
        let source = Corpus.root.appending(path: "hdr/flower-turned-ultrahdr.jpg").path
        let error = HDRRendition.error(try HDRRendition.ofFile(originals.url(original).path, orientation: 6, width: 300, height: 188),
                                       against: try HDRRendition.ofFile(source, orientation: 6, width: 300, height: 188))
        #expect(error.worst < 0.01, "the same coded gain map: \(error)")

        config.downloads = .largest
        config.albumZip = true
        let largest = try TestBuild.run(input: input, config: config)
        let widest = try #require(try largest.image("hdr/flower-turned-ultrahdr.jpg").hdrStills.first)
        let page = try String(contentsOf: largest.output.appending(path: "hdr/flower-turned-ultrahdr.html"), encoding: .utf8)
        #expect(page.contains("href=\"../\(widest.path)\" download=\"flower-turned-ultrahdr.jpg\""), "the page offers \(widest.path)")
        let zip = try #require(FileManager.default.contentsOfDirectory(atPath: largest.output.appending(path: "hdr").path).first { $0.hasSuffix(".zip") })
        let archive = Array(try Data(contentsOf: largest.output.appending(path: "hdr/\(zip)")))
        #expect(archive.firstRange(of: Array("urn:iso:std:iso:ts:21496:-1".utf8)) != nil, "the zip holds the HDR JPEG")
    }

    @Test("a PQ and an HLG AVIF publish gain-map JPEGs whose rendition is the light they hold: within a quarter stop, in the highlights, of the same photo lifted the same way as a gain-map JPEG")
    func lightStills() throws {
        let input = try Corpus.scratch("hdr-light")
        try Corpus.copy(["aqua-pq.avif", "dune-hlg.avif"].map { Corpus.root.appending(path: "hdr/\($0)") }, into: input, album: "light")
        let build = try TestBuild.run(input: input)
        #expect(build.summary.failed.isEmpty && build.summary.hdrPhotos == 2 && build.summary.hdrPublishedSDR == 0)
        for (name, twin, range) in [("aqua-pq.avif", "aqua-ultrahdr.jpg", DynamicRange.pq), ("dune-hlg.avif", "dune-ultrahdr.jpg", .hlg)] {
            let image = try build.image("light/\(name)")
            #expect(image.dynamicRange == range)
            let file = try #require(image.hdrStills.first)
            let (width, height) = (400, Int((400 * Double(file.height) / Double(file.width)).rounded()))
            let measured = try HDRRendition.ofFile(build.url(file).path, width: width, height: height)
            let reference = try HDRRendition.ofFile(Corpus.root.appending(path: "hdr/\(twin)").path, width: width, height: height)
            let error = HDRRendition.error(measured, against: reference)
            print("\(file.path) against \(twin): \(error)")
            #expect(error.highlights > 100 && error.p95 < 0.25 && error.mean < 0.1, "\(file.path): \(error)")
        }
    }
}
