import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing

/// `downloads:` and `album_zip:` on a built site: what each photo page
/// offers, what the files hold, and the album's zip, byte for byte.
@Suite struct DownloadsSiteTests {
    /// `trip/` with a camera JPEG carrying GPS, a turned JPEG, a CMYK JPEG with
    /// an Adobe segment, a WebP and a HEIC (whose metadata cannot be cut without decoding).
    static func library() throws -> URL {
        let input = try Corpus.scratch("input")
        try Corpus.copy(["cameras/DSCN0010.jpg", "orientation/Landscape_6.jpg", "formats/cmyk.jpg", "formats/flower2.webp",
                         "formats/iphone-13-pro-max.heic"].map(Corpus.photo), into: input, album: "trip")
        return input
    }

    static func config(_ downloads: DownloadPolicy, zip: Bool = false) -> SiteConfig {
        var config = SiteConfig()
        config.downloads = downloads
        config.albumZip = zip
        return config
    }

    /// The page's download link: its href (relative to the page) and its `download` name.
    static func link(_ build: TestBuild, _ page: String) throws -> (href: String, name: String)? {
        let html = try AlbumFileSiteTests.page(build, page)
        guard let match = html.firstMatch(of: /<p class="download"><a href="([^"]+)" download="([^"]+)">/) else { return nil }
        return (String(match.1), String(match.2))
    }

    /// Each entry of a stored zip: name and data, its CRC checked.
    static func entries(_ zip: [UInt8]) throws -> [(name: String, data: [UInt8])] {
        func u16(_ at: Int) -> Int { Int(zip[at]) | Int(zip[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        var entries: [(String, [UInt8])] = []
        var offset = 0
        while u32(offset) == 0x0403_4B50 {
            let (crc, size, nameLength, extra) = (u32(offset + 14), u32(offset + 18), u16(offset + 26), u16(offset + 28))
            #expect(u16(offset + 8) == 0 && u16(offset + 12) == 0x21, "stored, dated 1980-01-01")
            let name = String(decoding: zip[(offset + 30)..<(offset + 30 + nameLength)], as: UTF8.self)
            let start = offset + 30 + nameLength + extra
            let data = Array(zip[start..<(start + size)])
            #expect(Int(CRC32.checksum(data)) == crc, "\(name): CRC")
            entries.append((name, data))
            offset = start + size
        }
        #expect(u32(offset) == 0x0201_4B50, "the central directory follows the entries")
        return entries
    }

    @Test("original: each page links the source without GPS or maker notes, under its own name; a HEIC offers its largest JPEG")
    func original() throws {
        let build = try TestBuild.run(input: Self.library(), config: Self.config(.original))
        #expect(build.summary.built == 5 && build.summary.failed.isEmpty)
        let camera = try #require(try Self.link(build, "trip/dscn0010.html"))
        #expect(camera.name == "DSCN0010.jpg" && camera.href.contains("dscn0010-original."))
        let file = build.output.appending(path: "trip").appending(path: camera.href)
        let tags = try ExifTool.tags(of: file)
        #expect(!tags.keys.contains { $0.contains("GPS") || $0.contains("MakerNote") || $0.contains("Make") }, "\(tags.keys.sorted())")
        #expect(try AlbumFileSiteTests.page(build, "trip/dscn0010.html").contains("Download the original</a> <span class=\"size\">640 × 480, JPEG, "))
        let turned = try #require(try Self.link(build, "trip/landscape-6.html"))
        #expect(try ExifTool.tags(of: build.output.appending(path: "trip").appending(path: turned.href))["IFD0:Orientation"] == "6")
        let cmyk = try #require(try Self.link(build, "trip/cmyk.html"))
        #expect(try ExifTool.tags(of: build.output.appending(path: "trip").appending(path: cmyk.href))["Adobe:ColorTransform"] != nil,
                "the Adobe segment stays: without it the channels read wrong")
        #expect(try Self.link(build, "trip/flower2.html")?.name == "flower2.webp")
        let phone = try #require(try Self.link(build, "trip/iphone-13-pro-max.html"))
        #expect(phone.name == "iphone-13-pro-max.jpg" && !phone.href.contains("original"))
        // The originals are the image's files: in the manifest, counted in its bytes.
        let image = try build.image("trip/DSCN0010.jpg")
        #expect(image.variants.filter { $0.role == .original }.count == 1)
    }

    @Test("largest: a JPEG of the photo's widest size, one more file where its widest JPEG was narrower; none: no link, originals removed")
    func largestThenNone() throws {
        let input = try Self.library()
        let first = try TestBuild.run(input: input, config: Self.config(.original))
        let largest = try TestBuild.run(input: input, config: Self.config(.largest), output: first.output)
        // The photos whose widest JPEG was narrower than their widest file get one more (the 12 MP HEIC: 1,330 px beside 2,560).
        let narrower = try first.manifest.images.filter { image in
            let jpegs = image.stills.filter { $0.format == .jpeg }.map(\.width)
            return try #require(jpegs.max()) < (try #require(image.stills.map(\.width).max()))
        }
        #expect(largest.summary.encodedFiles == narrower.count && largest.summary.sourcesRead == narrower.count)
        var pages = [("trip/DSCN0010.jpg", "trip/dscn0010.html")]
        if LoadedLibvips.decodesHEVC {
            pages.append(("trip/iphone-13-pro-max.heic", "trip/iphone-13-pro-max.html"))
            #expect(narrower.map(\.source).contains("trip/iphone-13-pro-max.heic"))
        }
        for (source, page) in pages {
            let image = try largest.image(source)
            let widest = try #require(image.stills.map(\.width).max())
            let link = try #require(try Self.link(largest, page))
            let stem = (page as NSString).lastPathComponent.replacingOccurrences(of: ".html", with: "")
            #expect(link.href.contains("\(stem)-\(widest).") && link.href.hasSuffix(".jpg"), "\(link.href): not the \(widest) px JPEG")
            #expect(link.name == ((source as NSString).lastPathComponent as NSString).deletingPathExtension + ".jpg")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: largest.output.appending(path: "trip/_img").path)
        #expect(!files.contains { $0.contains("-original.") }, "the originals of the first build are removed")
        let none = try TestBuild.run(input: input, config: Self.config(.none), output: first.output)
        #expect(try Self.link(none, "trip/dscn0010.html") == nil)
        #expect(throws: ConfigError.self) { try Self.config(.none, zip: true).validate() }
    }

    @Test("album_zip: one zip per album of its downloads, in album order, the same bytes on a second machine; a no-op leaves it")
    func albumZip() throws {
        let input = try Self.library()
        let build = try TestBuild.run(input: input, config: Self.config(.original, zip: true))
        let album = try AlbumFileSiteTests.page(build, "trip/index.html")
        #expect(album.contains("<a href=\"trip.zip\" download=\"trip.zip\">Download all 5 photos</a>"))
        let zipURL = build.output.appending(path: "trip/trip.zip")
        let entries = try Self.entries([UInt8](Data(contentsOf: zipURL)))
        // The grid's order (by capture date, then name), each entry the file its page links.
        let pages = album.matches(of: /<a href="([a-z0-9-]+)\.html">/).map { String($0.1) }
        #expect(pages.count == 5 && entries.count == 5)
        for (entry, page) in Swift.zip(entries, pages) {
            let link = try #require(try Self.link(build, "trip/\(page).html"))
            let file = [UInt8](try Data(contentsOf: build.output.appending(path: "trip").appending(path: link.href)))
            let same = entry.data == file
            #expect(entry.name == link.name && same, "\(entry.name) for \(page)")
        }
        #expect(build.manifest.pages.contains("trip/trip.zip"))
        let elsewhere = try TestBuild.run(input: input, config: Self.config(.original, zip: true))
        #expect(try Data(contentsOf: elsewhere.output.appending(path: "trip/trip.zip")) == Data(contentsOf: zipURL))
        let before = try FileManager.default.attributesOfItem(atPath: zipURL.path)[.modificationDate] as? Date
        _ = try TestBuild.run(input: input, config: Self.config(.original, zip: true), output: build.output)
        #expect(try FileManager.default.attributesOfItem(atPath: zipURL.path)[.modificationDate] as? Date == before)
        // Turning it off removes it.
        _ = try TestBuild.run(input: input, config: Self.config(.original), output: build.output)
        #expect(!FileManager.default.fileExists(atPath: zipURL.path))
    }

    @Test("downloads and zips count in budgets.site: a budget between the least and the unbudgeted site ends within it; under the originals, refused")
    func budget() throws {
        let input = try Self.library()
        let plain = try TestBuild.run(input: input, config: Self.config(.original, zip: true))
        let whole = OutputFolder(root: plain.output).filesAndBytes(except: [OutputLock.fileName])
        let originals = try plain.manifest.images.flatMap(\.variants).filter { $0.role == .original }.reduce(0) { $0 + $1.bytes }
        #expect(originals > 0 && whole.bytes > 2 * originals)
        var config = Self.config(.original, zip: true)
        config.budgets.site = 2 * originals + (whole.bytes - 2 * originals) / 2
        let budgeted = try TestBuild.run(input: input, config: config)
        let folder = OutputFolder(root: budgeted.output).filesAndBytes(except: [OutputLock.fileName])
        #expect(folder.bytes <= config.budgets.site!, "\(folder.bytes) over \(config.budgets.site!): \(budgeted.summary.budget?.line ?? "")")
        #expect(FileManager.default.fileExists(atPath: budgeted.output.appending(path: "trip/trip.zip").path))
        config.budgets.site = originals
        #expect(throws: BuildError.self, "the originals alone are over it") { try TestBuild.run(input: input, config: config) }
        // The refusal says what holds the bytes and which setting to change.
        do {
            _ = try TestBuild.run(input: input, config: config)
        } catch {
            let reason = "\(error)"
            #expect(reason.contains(/\(originals [0-9.]+ [KM]?B, album zips [0-9.]+ [KM]?B, images [0-9.]+ [KM]?B, pages [0-9.]+ [KM]?B\)/), "\(reason)")
            #expect(reason.contains("; give at least ") && reason.contains(", or set album_zip: false (then at least ")
                    && reason.contains(" or downloads: largest (then at least "), "\(reason)")
        }
    }
}
