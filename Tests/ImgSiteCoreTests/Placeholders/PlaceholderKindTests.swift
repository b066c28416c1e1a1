import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing
import Vips

/// Each placeholder kind on made-up samples whose right answer is known.
@Suite struct PlaceholderKindTests {
    /// A 32 × 21 landscape: a blue sky over red rocks (2 : 1), with a
    /// gradient so no two rows are alike.
    static let photo: PixelSample = {
        let (width, height) = (32, 21)
        var rgba: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                rgba += y < 14 ? [40, UInt8(90 + x), 220, 255] : [200, UInt8(40 + y), 30, 255]
            }
        }
        return PixelSample(width: width, height: height, rgba: rgba)
    }()

    /// Transparent but for an opaque green disc in the middle.
    static let disc: PixelSample = {
        var rgba: [UInt8] = []
        for y in 0..<32 {
            for x in 0..<32 {
                let inside = (x - 16) * (x - 16) + (y - 16) * (y - 16) < 100
                rgba += inside ? [20, 180, 60, 255] : [0, 0, 0, 0]
            }
        }
        return PixelSample(width: 32, height: 32, rgba: rgba)
    }()

    @Test("flattening composites onto the page background")
    func flattened() {
        let sample = PixelSample(width: 2, height: 1, rgba: [255, 0, 0, 128, 10, 20, 30, 255])
        #expect(sample.hasAlpha)
        #expect(sample.flattened().pixels == [255, 127, 127, 10, 20, 30])
        #expect(!Self.photo.hasAlpha)
    }

    @Test("box averages cover every pixel once")
    func averaged() {
        let grid = RGBGrid(width: 4, height: 2, pixels: [0, 0, 0, 10, 10, 10, 100, 100, 100, 110, 110, 110,
                                                         20, 20, 20, 30, 30, 30, 120, 120, 120, 130, 130, 130])
        #expect(grid.averaged(columns: 2, rows: 1).pixels == [15, 15, 15, 115, 115, 115])
        #expect(grid.averaged(columns: 1, rows: 1).pixels == [65, 65, 65])
    }

    @Test("color: the dominant colour, not the mean")
    func dominantColour() throws {
        let placeholder = try ColorPlaceholder().make(Self.photo)
        // Two thirds sky: the sky's blue wins; the mean would be a purple-grey.
        let rgb = try #require(Self.rgb(hex: placeholder.value))
        #expect(rgb.0 == 40 && rgb.2 == 220 && (90...122).contains(rgb.1), "\(placeholder.value)")
        #expect(placeholder.css == "background:\(placeholder.value)")
        #expect(placeholder.dataAttribute == nil)
    }

    @Test("css: one radial gradient a cell over the mean, cells follow the aspect")
    func cssGradients() throws {
        let landscape = try CSSGradientPlaceholder().make(Self.photo)
        #expect(landscape.css.hasPrefix("background:radial-gradient("))
        #expect(landscape.css.components(separatedBy: "radial-gradient(").count - 1 == 6)
        // Top cells are sky, bottom cells rock.
        let colours = landscape.css.matches(of: /#([0-9a-f]{6})/).map { String($0.output.1) }
        #expect(colours.count == 7)
        for top in colours[0..<3] { #expect(Self.rgb(hex: "#" + top)!.2 > 200) }
        for bottom in colours[3..<6] {
            let (red, _, blue) = Self.rgb(hex: "#" + bottom)!
            #expect(red > blue, "#\(bottom): the lower cells hold the rock")
        }
        let portrait = try CSSGradientPlaceholder().make(PixelSample(width: 16, height: 24, rgba: Array(repeating: 99, count: 16 * 24 * 4)))
        #expect(portrait.css.contains("at 25% 17%") && portrait.css.contains("at 75% 83%"))
    }

    @Test("thumbhash: the reference hash as base64, painted as a WebP of its decode")
    func thumbhash() throws {
        let placeholder = try ThumbHashPlaceholder().make(Self.photo)
        let hash = try #require(ThumbHashPlaceholder.bytes(of: placeholder.value))
        #expect(hash == ThumbHash.encode(width: 32, height: 21, rgba: Self.photo.rgba))
        #expect(placeholder.dataAttribute?.name == "data-thumbhash" && placeholder.dataAttribute?.value == placeholder.value)
        let painted = try Self.paintedImage(placeholder)
        #expect(painted.width == 16 && !painted.hasAlpha)
        // The painted decode keeps sky above rock.
        let pixels = try painted.pixelBytes()
        #expect(pixels[2] > pixels[0] && pixels[pixels.count - 3] > pixels[pixels.count - 1])
    }

    @Test("thumbhash carries alpha: transparent corners, an opaque green middle")
    func thumbhashAlpha() throws {
        let placeholder = try ThumbHashPlaceholder().make(Self.disc)
        let painted = try Self.paintedImage(placeholder)
        #expect(painted.hasAlpha && painted.width == ThumbHashPlaceholder.paintLongWithAlpha)
        let pixels = try painted.pixelBytes()
        let middle = (painted.height / 2 * painted.width + painted.width / 2) * 4
        #expect(pixels[3] < 60, "corner alpha \(pixels[3])")
        #expect(pixels[middle + 3] > 150 && pixels[middle + 1] > pixels[middle], "middle \(pixels[middle..<middle + 4])")
    }

    @Test("blurhash: 4 × 3 components (3 × 4 upright) of the flattened sample")
    func blurhash() throws {
        let placeholder = try BlurHashPlaceholder().make(Self.photo)
        #expect(placeholder.value.count == 4 + 2 * 12 && placeholder.value.first == "L")  // "L": 4 × 3
        let flat = Self.photo.flattened()
        #expect(placeholder.value == BlurHash.encode(width: 32, height: 21, rgb: flat.pixels, components: (4, 3)))
        let upright = try BlurHashPlaceholder().make(PixelSample(width: 20, height: 30, rgba: Array(Self.photo.rgba.prefix(20 * 30 * 4))))
        #expect(upright.value.first == "T")  // 3 × 4
        #expect(try Self.paintedImage(placeholder).width == 16)
    }

    @Test("grid: the flattened sample at 6 bits, painted as a PNG")
    func grid() throws {
        let placeholder = GridPlaceholder().make(PixelSample(width: 2, height: 1, rgba: [255, 0, 0, 0, 0, 0, 255, 255]))
        let grid = try #require(GridPlaceholder().decode(placeholder.value))
        #expect(grid.pixels == [255, 255, 255, 0, 0, 255])  // transparent red is page white
        #expect(try Self.paintedImage(placeholder).pixelBytes() == grid.pixels)
    }

    @Test("lqip: a 16 px WebP inside an SVG blur, every character safe in url() and in an attribute")
    func lqip() throws {
        let placeholder = try LQIPPlaceholder().make(PixelSample(width: 16, height: 10, rgba: Array(Self.photo.rgba.prefix(16 * 10 * 4))))
        #expect(placeholder.value.hasPrefix("data:image/webp;base64,"))
        #expect(placeholder.css.hasPrefix("background:url(data:image/svg+xml,%3Csvg"))
        let url = placeholder.css.dropFirst("background:url(".count).prefix { $0 != ")" }
        #expect(!url.contains { "\"' <>&#(".contains($0) })
        let webp = try #require(Data(base64Encoded: String(placeholder.value.dropFirst("data:image/webp;base64,".count))))
        let image = try VipsImage.decode(Array(webp))
        #expect(image.width == 16 && image.height == 10)
    }

    @Test("tiny WebP files carry no EXIF, XMP or ICC, and opaque ones no VP8X header")
    func tinyWebP() throws {
        for (sample, alpha) in [(Self.photo, false), (Self.disc, true)] {
            let bytes = try TinyWebP.encode(sample, quality: 50)
            let chunks = Self.riffChunks(bytes)
            #expect(!chunks.contains { ["EXIF", "XMP ", "ICCP"].contains($0) })
            #expect(chunks == (alpha ? ["VP8X", "ALPH", "VP8 "] : ["VP8 "]), "\(chunks)")
            let image = try VipsImage.decode(bytes)
            #expect(image.width == sample.width && image.hasAlpha == alpha)
        }
    }

    /// `none` has no codec: every other kind is checked here.
    @Test("every kind's CSS is safe in a style attribute; all but lqip fit 400 bytes; none alone paints nothing",
          arguments: PlaceholderKind.allCases)
    func safeAndSmall(_ kind: PlaceholderKind) throws {
        guard let codec = kind.codec else {
            #expect(kind == PlaceholderKind.none, "\(kind) has no codec")
            return
        }
        for source in [Self.photo, Self.disc] {
            let size = codec.sampleSize(aspect: Double(source.width) / Double(source.height))
            let image = try VipsImage.rgba(source.rgba, width: source.width, height: source.height).resized(toWidth: size.width, height: size.height)
            let placeholder = try codec.make(PixelSample(width: size.width, height: size.height, rgba: try image.pixelBytes()))
            #expect(placeholder.kind == kind)
            #expect(!placeholder.css.contains { "\"<>&".contains($0) })
            let cost = placeholder.css.utf8.count + (placeholder.dataAttribute.map { $0.name.count + $0.value.count + 4 } ?? 0)
            if kind != .lqip { #expect(cost <= 400, "\(kind): \(cost) bytes") }
        }
    }

    @Test("an album's kind holds for the albums inside it; the site's elsewhere")
    func policy() {
        let policy = PlaceholderPolicy(site: .thumbhash, albums: ["icons": .color, "travel/2019": PlaceholderKind.none])
        #expect(policy.kind(forSource: "icons/a.png") == .color)
        #expect(policy.kind(forSource: "icons/small/b.png") == .color)
        #expect(policy.kind(forSource: "travel/2019/c.jpg") == PlaceholderKind.none)
        #expect(policy.kind(forSource: "travel/d.jpg") == .thumbhash)
        #expect(policy.kind(forSource: "root.jpg") == .thumbhash)
        #expect(policy.kind(forSource: "iconsx/e.jpg") == .thumbhash)
        #expect(policy.description != PlaceholderPolicy(site: .thumbhash).description)
    }

    // MARK: Helpers

    static func rgb(hex: String) -> (Int, Int, Int)? {
        guard hex.count == 7, let value = Int(hex.dropFirst(), radix: 16) else { return nil }
        return (value >> 16, (value >> 8) & 255, value & 255)
    }

    /// The image a placeholder's `background:url(data:…)` paints.
    static func paintedImage(_ placeholder: Placeholder) throws -> VipsImage {
        let match = try #require(placeholder.css.firstMatch(of: /url\(data:image\/(png|webp);base64,([A-Za-z0-9+\/=]+)\)/))
        return try VipsImage.decode(Array(try #require(Data(base64Encoded: String(match.output.2)))))
    }

    static func riffChunks(_ bytes: [UInt8]) -> [String] {
        var chunks: [String] = []
        var offset = 12
        while offset + 8 <= bytes.count {
            chunks.append(String(decoding: bytes[offset..<offset + 4], as: UTF8.self))
            let length = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            offset += 8 + length + (length & 1)
        }
        return chunks
    }
}
