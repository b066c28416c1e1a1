import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing
import Vips

/// What Chromium paints of each placeholder kind on an album page with
/// JavaScript off and every image request failing (the image files are
/// gone): each box must show its photo's colours, where `placeholder: none`
/// leaves the empty grey box. Judged on screenshots, not on markup.
@Suite(.tags(.browser), .serialized) struct PlaceholderPaintTests {
    static let photos = [
        "nature/Storm.jpg", "nature/GreenMeadow.jpg", "nature/LadyBird.jpg", "nature/Aqua.jpg",
        "orientation/Landscape_6.jpg", "formats/transparent.png",
    ]

    /// Mean colour and spread of a screenshot region.
    struct Paint {
        var mean: [Double]
        var spread: Double

        func distance(to other: [Double]) -> Double { zip(mean, other).map { abs($0 - $1) }.max()! }
    }

    @Test("JS off, no image loads: every kind paints each photo's colours in its box; none leaves it empty")
    func paintsWithoutScriptsOrImages() async throws {
        let input = try Corpus.scratch("placeholder-paint-in")
        try Corpus.copy(Self.photos.map(Corpus.photo), into: input, album: "a")
        let cache = try Corpus.scratch("placeholder-paint-cache")
        let references = try Dictionary(uniqueKeysWithValues: Self.photos.map { ($0.split(separator: "/").last!.lowercased(), try Self.reference($0)) })

        try await WebDriver.session { browser in
            try await browser.cdp("Emulation.setScriptExecutionDisabled", ["value": true])
            try await browser.cdp("Emulation.setDeviceMetricsOverride", ["width": 1280, "height": 1400, "deviceScaleFactor": 1, "mobile": false])
            var painted: [PlaceholderKind: [String: Paint]] = [:]
            var dominant: [String: [Double]] = [:]
            for kind in PlaceholderKind.allCases {
                var config = SiteConfig()
                config.placeholder = kind
                let site = try TestBuild.run(input: input, config: config, output: try Corpus.scratch("placeholder-paint-\(kind)"), cache: cache)
                #expect(site.summary.failed.isEmpty)
                if kind == .color {
                    for photo in Self.photos {
                        let value = try #require(try site.image("a/" + photo.split(separator: "/").last!).placeholder?.value)
                        dominant[Self.alt(photo)] = [1, 3, 5].map { Double(Int(value.dropFirst($0).prefix(2), radix: 16)!) }
                    }
                }
                try FileManager.default.removeItem(at: site.output.appendingPathComponent("a/_img"))
                // The box keeps the photo's shape with nothing loaded: no layout shift when it comes.
                let aspects = Dictionary(uniqueKeysWithValues: try Self.photos.map { photo in
                    let image = try site.image("a/" + photo.split(separator: "/").last!)
                    return (Self.alt(photo), Double(image.width) / Double(image.height))
                })
                painted[kind] = try await Self.paint(browser, page: site.output.appendingPathComponent("a/index.html"), aspects: aspects)
                #expect(painted[kind]!.count == Self.photos.count, "\(kind): \(painted[kind]!.keys.sorted())")
            }
            try Self.judge(painted, references: references, dominant: dominant)
        }
    }

    /// Opens the album page and reads each image box of the screenshot, by
    /// the image's alt text (its file name).
    static func paint(_ browser: WebDriver, page: URL, aspects: [String: Double] = [:]) async throws -> [String: Paint] {
        try await browser.open(page)
        try await Task.sleep(for: .milliseconds(300))
        let boxes = try await browser.boxes(".cell img")
        let alts = try await browser.attributes(".cell img", name: "alt")
        let screenshot = try VipsImage.decode(try await browser.screenshot())
        var paints: [String: Paint] = [:]
        for (box, alt) in zip(boxes, alts) {
            // Inset by 20 %: the broken-image icon and alt text sit in a corner.
            #expect(box.width > 50 && box.height > 50, "\(alt): the box collapsed to \(box.width) × \(box.height)")
            if let aspect = aspects[alt.lowercased()] {
                #expect(abs(box.width / box.height - aspect) / aspect < 0.02, "\(alt): box \(box.width) × \(box.height), image aspect \(aspect)")
            }
            let (x, y) = (Int(box.x + box.width * 0.2), Int(box.y + box.height * 0.2))
            let (w, h) = (Int(box.width * 0.6), Int(box.height * 0.6))
            guard w > 0, h > 0, x + w <= screenshot.width, y + h <= screenshot.height else { continue }
            let pixels = try screenshot.cropped(left: x, top: y, width: w, height: h).flattened().pixelBytes()
            paints[alt.lowercased()] = measure(pixels, bands: 3)
        }
        return paints
    }

    static func judge(_ painted: [PlaceholderKind: [String: Paint]], references: [String: [Double]], dominant: [String: [Double]]) throws {
        let empty = try #require(painted[PlaceholderKind.none])
        for (name, paint) in empty {
            // No placeholder: the cell's grey (#f2f2f2) and the page's white.
            #expect(paint.mean.allSatisfy { $0 > 225 }, "none, \(name): \(paint.mean) is not an empty box")
        }
        for (kind, paints) in painted where kind != PlaceholderKind.none {
            for (name, paint) in paints {
                let key = references.keys.first { $0.hasPrefix(name.replacingOccurrences(of: " ", with: "_")) || $0.hasPrefix(name) }
                let reference = try #require(key.flatMap { references[$0] }, "\(name) has no reference")
                // color paints the dominant colour, by design not the mean: it is judged against its own value.
                let expected = kind == .color ? try #require(dominant[name]) : reference
                #expect(paint.distance(to: expected) <= (kind == .color ? 2 : 40), "\(kind), \(name): painted \(paint.mean), expected \(expected)")
                // Where the photo is far from the empty box, the two screenshots must differ.
                if let blank = empty[name], zip(reference, blank.mean).contains(where: { abs($0 - $1) > 40 }) {
                    #expect(paint.distance(to: blank.mean) > 25, "\(kind), \(name): looks like the empty box")
                }
            }
        }
        // Kinds that paint an image or gradients show structure; color is one flat colour.
        for kind in [PlaceholderKind.thumbhash, .blurhash, .lqip, .css] {
            let spreads = painted[kind]!.values.map(\.spread)
            #expect(spreads.max()! > 4, "\(kind) paints flat boxes: \(spreads)")
        }
        #expect(painted[.color]!.values.allSatisfy { $0.spread < 1.5 })
    }

    /// The alt text the default theme gives a photo (its title), lower-cased.
    static func alt(_ photo: String) -> String {
        PlannedAlbum.humanTitle(String(photo.split(separator: "/").last!.split(separator: ".").first!)).lowercased()
    }

    @Test("once the images load (JS on), no placeholder shows: the page is the page of placeholder: none, transparent image included")
    func goneOnceLoaded() async throws {
        let input = try Corpus.scratch("placeholder-loaded-in")
        try Corpus.copy(Self.photos.map(Corpus.photo), into: input, album: "a")
        let cache = try Corpus.scratch("placeholder-loaded-cache")
        try await WebDriver.session { browser in
            try await browser.cdp("Emulation.setDeviceMetricsOverride", ["width": 1280, "height": 1400, "deviceScaleFactor": 1, "mobile": false])
            var shots: [PlaceholderKind: [UInt8]] = [:]
            for kind in [PlaceholderKind.none, .thumbhash, .lqip] {
                var config = SiteConfig()
                config.placeholder = kind
                let site = try TestBuild.run(input: input, config: config, output: try Corpus.scratch("placeholder-loaded-\(kind)"), cache: cache)
                try await browser.open(site.output.appendingPathComponent("a/index.html"))
                _ = try await browser.executeAsync(BrowserSmokeTests.imageReport)
                try await browser.executeAsync("window.scrollTo(0, 0); requestAnimationFrame(() => requestAnimationFrame(arguments[0]));")
                shots[kind] = try VipsImage.decode(try await browser.screenshot()).flattened().pixelBytes()
                let cleared = try await browser.executeAsync(
                    "arguments[0](Array.from(document.images).filter(i => i.getAttribute('onload')).map(i => getComputedStyle(i).backgroundImage))")
                if kind != .none { #expect((cleared as? [String]) == ["none"], "\(kind): transparent image background \(cleared)") }
            }
            for kind in [PlaceholderKind.thumbhash, .lqip] {
                let differing = zip(shots[kind]!, shots[PlaceholderKind.none]!).filter { abs(Int($0) - Int($1)) > 2 }.count
                #expect(shots[kind]!.count == shots[PlaceholderKind.none]!.count && differing == 0, "\(kind): \(differing) bytes differ from the page without placeholders")
            }
        }
    }

    /// The photo's mean colour where the boxes are read (its middle 60 %),
    /// upright and flattened onto white as the page shows it.
    static func reference(_ photo: String) throws -> [Double] {
        let image = try VipsImage.thumbnail(of: Corpus.photo(photo).path, width: 100, toSRGB: true).flattened()
        let middle = try image.cropped(
            left: image.width / 5, top: image.height / 5, width: image.width * 3 / 5, height: image.height * 3 / 5)
        return measure(try middle.pixelBytes(), bands: middle.bands).mean
    }

    static func measure(_ pixels: [UInt8], bands: Int) -> Paint {
        let count = pixels.count / bands
        let mean = (0..<3).map { channel in Double(stride(from: channel, to: pixels.count, by: bands).reduce(0) { $0 + Int(pixels[$1]) }) / Double(count) }
        let variance = stride(from: 0, to: pixels.count, by: bands).reduce(0.0) { sum, i in
            sum + (0..<3).reduce(0.0) { $0 + pow(Double(pixels[i + $1]) - mean[$1], 2) }
        } / Double(count * 3)
        return Paint(mean: mean, spread: variance.squareRoot())
    }
}
