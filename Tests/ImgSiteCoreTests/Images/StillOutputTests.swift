import Foundation
import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing
import Vips

/// Properties of real outputs of the corpus build, read back with libvips.
@Suite(.tags(.imagePipeline)) struct StillOutputTests {
    /// Mean absolute difference of two images' pixels, both reduced to 64 px wide.
    static func meanDifference(_ a: VipsImage, _ b: VipsImage) throws -> Double {
        let small = { (image: VipsImage) in try image.resized(toWidth: 64, height: 48).pixelBytes() }
        let (pa, pb) = (try small(a), try small(b))
        #expect(pa.count == pb.count)
        let total = zip(pa, pb).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        return Double(total) / Double(pa.count)
    }

    static func largestJPEG(_ image: ProcessedImage, in site: TestBuild) throws -> VipsImage {
        try largest(.jpeg, of: image, in: site)
    }

    /// The widest file of `format`: for WebP, the ladder's top, the same for photos of one size.
    static func largest(_ format: OutputFormat, of image: ProcessedImage, in site: TestBuild) throws -> VipsImage {
        let variant = try #require(image.variants.first { $0.format == .image(format) })
        return try VipsImage.decode(Array(try Data(contentsOf: site.url(variant))))
    }

    @Test("EXIF orientations 1–8 all come out upright with the same pixels", arguments: 2...8)
    func orientation(_ value: Int) throws {
        let site = try CorpusSite.build()
        // WebP: the JPEG fallback's widths depend on each photo's ladder phase.
        let reference = try Self.largest(.webp, of: try site.image("orientation/Landscape_1.jpg"), in: site)
        let rotated = try Self.largest(.webp, of: try site.image("orientation/Landscape_\(value).jpg"), in: site)
        #expect(rotated.width == reference.width && rotated.height == reference.height)
        #expect(rotated.width > rotated.height, "landscape photo must stay landscape")
        let difference = try Self.meanDifference(reference, rotated)
        #expect(difference < 4, "orientation \(value) differs from upright by \(difference) per channel")
    }

    @Test("ICC sources come out sRGB with libvips' own colours", arguments: ["formats/cmyk.jpg", "formats/icc-profile-big.jpg"])
    func colour(_ source: String) throws {
        try Self.expectLibvipsColours(source)
    }

    @Test("an iPhone's Display P3 HEIC comes out sRGB with libvips' own colours",
          .enabled(if: LoadedLibvips.decodesHEVC, "this libvips' libheif has no HEVC decoder (the release bundle's has none)"))
    func colourHEIC() throws {
        try Self.expectLibvipsColours(LoadedLibvips.heic)
    }

    static func expectLibvipsColours(_ source: String) throws {
        let site = try CorpusSite.build()
        let output = try Self.largestJPEG(try site.image(source), in: site)
        #expect(output.interpretation == "srgb" && output.bands == 3)
        let reference = try VipsImage.header(of: Corpus.photo(source).path).iccTransformedToSRGB()
        // Compare 6 × 4 cell averages: colour, not the resampling of fine detail.
        let ours = try output.resized(toWidth: 6, height: 4).pixelBytes()
        let theirs = try reference.resized(toWidth: 6, height: 4).pixelBytes()
        #expect(ours.count == 6 * 4 * 3 && theirs.count == ours.count)
        let worst = zip(ours, theirs).map { abs(Int($0) - Int($1)) }.max() ?? 0
        // JPEG and resampling order account for a few levels; P3 numbers left
        // unconverted were off by 16–23 on this test.
        #expect(worst <= 8, "\(source): cell colours differ by up to \(worst) from libvips' ICC transform")
    }

    @Test("no output holds GPS or camera serials, whatever the format")
    func privacy() throws {
        let site = try CorpusSite.build()
        let source = try VipsImage.header(of: Corpus.photo("cameras/DSCN0010.jpg").path)
        #expect(source.fieldNames.contains { $0.contains("GPS") }, "the corpus file should carry GPS")
        for image in site.manifest.images {
            for variant in image.variants {
                let data = try Data(contentsOf: site.url(variant))
                let fields = try VipsImage.decode(Array(data)).fieldNames
                #expect(!fields.contains { $0.contains("GPS") || $0.contains("Serial") || $0.hasPrefix("xmp") },
                        "\(variant.path) keeps \(fields.filter { $0.hasPrefix("exif-ifd") })")
            }
        }
    }

    @Test("metadata: strip (the default) writes no EXIF, XMP, IPTC or ICC into any output format, as exiftool reads them")
    func stripLeavesNoMetadata() throws {
        let site = try CorpusSite.build()
        let files = site.manifest.images.flatMap(\.variants).map(site.url)
        let formats: Set = Vips.writesGIF ? ["jpg", "webp", "avif", "gif"] : ["jpg", "webp", "avif"]
        #expect(Set(files.map(\.pathExtension)) == formats, "every format the corpus site makes")
        // exiftool's groups for metadata blocks (the file's structure, JFIF's
        // header and the AVIF/WebP boxes that describe the pixels are not).
        let metadata = /^(IFD\d|ExifIFD|GPS|InteropIFD|SubIFD|MakerNotes|XMP|IPTC|ICC|Photoshop)/
        // An HDR file's gain map is described by its own XMP (and MPF), which HDR screens need.
        let gainMaps: Set = ["XMP-hdrgm", "XMP-Container", "XMP-x"]
        for (file, tags) in try ExifTool.tags(of: files) {
            let kept = tags.keys.filter { $0.split(separator: ":").first.map { $0.firstMatch(of: metadata) != nil } ?? false }
                .filter { !(file.contains("-hdr.") && gainMaps.contains(String($0.split(separator: ":")[0]))) }
            #expect(kept.isEmpty, "\(file) keeps \(kept.sorted())")
        }
    }

    @Test("every colour JPEG output is YUV 4:2:0")
    func chroma() throws {
        let site = try CorpusSite.build()
        for variant in site.manifest.images.flatMap(\.variants) where variant.format == .jpeg {
            let bytes = Array(try Data(contentsOf: site.url(variant)))
            let image = try VipsImage.decode(bytes)
            guard image.bands == 3 else { continue }  // grayscale JPEGs have no chroma
            // libvips' uhdrload (an HDR file, with libvips 8.18) does not say: its frame header does.
            #expect((image.string("jpeg-chroma-subsample") ?? JPEGFrame.chroma(bytes)) == "4:2:0", "\(variant.path)")
        }
    }

    @Test("JPEG stays 4:2:0 at quality 95, where libvips alone would switch to 4:4:4")
    func chromaAtHighQuality() throws {
        let input = try Corpus.scratch()
        try Corpus.copy([Corpus.photo("nature/Storm.jpg")], into: input, album: "a")
        var config = SiteConfig()
        config.jpeg.quality = 95
        config.formats = [.jpeg]
        let site = try TestBuild.run(input: input, config: config)
        // The dense screens' files are AVIF whatever the formats.
        let variants = try site.image("a/Storm.jpg").variants.filter { $0.format == .jpeg }
        #expect(!variants.isEmpty)
        for variant in variants {
            let image = try VipsImage.decode(Array(try Data(contentsOf: site.url(variant))))
            #expect(image.string("jpeg-chroma-subsample") == "4:2:0")
        }
    }

    @Test("no variant is wider than its source, and files match the manifest")
    func neverUpscaled() throws {
        let site = try CorpusSite.build()
        #expect(site.summary.failed.allSatisfy(LoadedLibvips.expects), "\(site.summary.failed)")
        for image in site.manifest.images {
            #expect(!image.variants.isEmpty)
            for variant in image.variants {
                #expect(variant.width <= image.width, "\(variant.path) wider than \(image.width)")
                let decoded = try VipsImage.decode(Array(try Data(contentsOf: site.url(variant))))
                #expect(decoded.width == variant.width && decoded.height == variant.height, "\(variant.path)")
            }
        }
        let tiny = try site.image("formats/tiny-88x64.jpg")
        #expect(tiny.variants.map(\.width).allSatisfy { $0 == 88 })
    }

    @Test("photos of one size get ladders offset by their own phases, not one shared ladder")
    func phasedLadders() throws {
        let site = try CorpusSite.build()
        let same = site.manifest.images.filter { $0.source.hasPrefix("nature/") && $0.width == 2560 && $0.height == 1600 }
        #expect(same.count == 5)
        let ladders = same.map { image in Array(Set(image.variants.filter { $0.role == .image }.map(\.width))).sorted(by: >) }
        #expect(Set(ladders).count > 1, "\(ladders)")
        for ladder in ladders {
            for (larger, smaller) in zip(ladder.dropFirst(), ladder.dropFirst(2)) {
                #expect(abs(Double(larger) / Double(smaller) - LayoutAndWidthTests.expectedStep(from: larger)) < 0.02, "\(ladder)")
            }
        }
    }

    @Test("variant names carry the hash of their bytes")
    func contentHashNames() throws {
        let site = try CorpusSite.build()
        for variant in try site.image("nature/Storm.jpg").variants {
            let bytes = try Data(contentsOf: site.url(variant))
            #expect(variant.path.hasSuffix(".\(ContentHash.short(Array(bytes))).\(variant.format.fileExtension)"))
            #expect(variant.bytes == bytes.count)
        }
    }
}
