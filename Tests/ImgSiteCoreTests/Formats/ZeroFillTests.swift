import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing

/// Holes of zero bytes (an interrupted copy, a placeholder not yet synced)
/// in a photo's compressed data are found, whether or not its decoder
/// complains, and never in a real photo or in its metadata.
@Suite struct ZeroFillTests {
    /// `file` with `length` zero bytes from `fraction` of its size, or to its end.
    static func holed(_ file: String, at fraction: Double, length: Int, tail: Bool = false) throws -> [UInt8] {
        var bytes = [UInt8](try Data(contentsOf: Corpus.photo(file)))
        let start = tail ? bytes.count - length : Int(Double(bytes.count) * fraction)
        bytes.replaceSubrange(start..<min(start + length, bytes.count), with: repeatElement(0, count: min(length, bytes.count - start)))
        return bytes
    }

    @Test("no hole in any photo of the corpus: camera JPEGs' zero-padded EXIF, ICC, XMP and thumbnails are not image data")
    func noFalseHoles() throws {
        let files = FileManager.default.enumerator(atPath: Corpus.photos.path)?.allObjects as? [String] ?? []
        #expect(files.count > 40)
        for file in files {
            let path = Corpus.photos.appending(path: file).path
            var folder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &folder), !folder.boolValue else { continue }
            #expect(ZeroFill.hole(atPath: path) == nil, "\(file)")
        }
    }

    @Test("a hole in the middle or zeros to the end are found in a JPEG's scans, a PNG's IDAT, a WebP's VP8 and a HEIC's mdat", arguments: [
        ("cameras/DSCN0010.jpg", 0.4, false), ("cameras/DSCN0010.jpg", 0.0, true), ("formats/transparent.png", 0.5, false),
        ("formats/transparent.png", 0.0, true), ("formats/flower2.webp", 0.4, false), ("formats/iphone-13-pro-max.heic", 0.5, false),
        ("formats/iphone-13-pro-max.heic", 0.0, true), ("animated/animated-webp-supported.webp", 0.5, false),
    ])
    func found(file: String, fraction: Double, tail: Bool) throws {
        let bytes = try Self.holed(file, at: fraction, length: 4096, tail: tail)
        let hole = try #require(ZeroFill.hole(in: bytes), "\(file)")
        // (A hole running past the image data into metadata is counted to the data's end.)
        #expect(hole.length >= ZeroFill.minimumRun && (!tail || hole.offset + hole.length == bytes.count), "\(file): \(hole)")
        #expect(ZeroFill.describe(hole, fileSize: bytes.count).hasSuffix(tail ? "ending the file: an interrupted copy or a file not yet synced"
                                                                               : ": an interrupted copy or a file not yet synced"))
    }

    @Test("zeros in metadata are not a hole: a WebP's EXIF and XMP chunks, a JPEG's APP segments")
    func metadataZeros() throws {
        // flower2.webp: ICCP, VP8, then EXIF from byte 11,494 and XMP from 18,076.
        #expect(ZeroFill.hole(in: try Self.holed("formats/flower2.webp", at: 0.7, length: 1024)) == nil)
        var jpeg = [UInt8](try Data(contentsOf: Corpus.photo("cameras/DSCN0010.jpg")))
        // An APP15 segment of 8 KB of zeros right after SOI, as some cameras pad.
        jpeg.insert(contentsOf: [0xFF, 0xEF, 0x20, 0x02] + [UInt8](repeating: 0, count: 0x2000), at: 2)
        #expect(ZeroFill.hole(in: jpeg) == nil)
    }

    @Test("a HEIC's Exif item in its mdat may be zero-padded: only its coded images' bytes are read")
    func heifItems() throws {
        var bytes = [UInt8](try Data(contentsOf: Corpus.photo("formats/iphone-13-pro-max.heic")))
        let items = try #require(HEIFItems.items(bytes))
        #expect(items.contains { $0.type == "hvc1" } && items.contains { $0.type == "Exif" }, "\(items.map(\.type))")
        let exif = try #require(items.first { $0.type == "Exif" }?.extent)
        #expect(exif.count >= ZeroFill.minimumRun)
        bytes.replaceSubrange(exif, with: repeatElement(0, count: exif.count))
        #expect(ZeroFill.hole(in: bytes) == nil, "zeros in the Exif item are no hole")
        let tile = try #require(items.first { $0.type == "hvc1" }?.extent)
        bytes.replaceSubrange(tile.lowerBound..<(tile.lowerBound + 1024), with: repeatElement(0, count: 1024))
        #expect(ZeroFill.hole(in: bytes)?.offset == tile.lowerBound)
    }

    @Test("a JPEG whose middle is zeros decodes without complaint, and is built with a warning naming the hole; --fail-on warning stops on it")
    func build() throws {
        let input = try Corpus.scratch()
        let album = input.appending(path: "a")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        try Data(try Self.holed("cameras/DSCN0010.jpg", at: 0.4, length: 16384)).write(to: album.appending(path: "zeroed-middle.jpg"))
        try Data(try Self.holed("formats/iphone-13-pro-max.heic", at: 0, length: 16384, tail: true)).write(to: album.appending(path: "zeroed-tail.heic"))
        try FileManager.default.copyItem(at: Corpus.photo("cameras/DSCN0010.jpg"), to: album.appending(path: "intact.jpg"))
        let build = try TestBuild.run(input: input)
        let middle = try build.image("a/zeroed-middle.jpg")
        #expect(middle.warnings == ["damaged file, built from what could be decoded (16.4 KB of zero bytes in its image data at byte 64685: "
                                    + "an interrupted copy or a file not yet synced)"], "libjpeg says nothing of this one: \(middle.warnings)")
        #expect(try build.image("a/intact.jpg").warnings.isEmpty)
        if LoadedLibvips.decodesHEVC {
            #expect(try build.image("a/zeroed-tail.heic").warnings.first?.contains("of zero bytes in its image data ending the file") == true)
        }
        let run = try ImgsiteProcess.run(["build", input.path, "-o", try Corpus.scratch("site").path, "--fail-on", "warning"],
                                         environment: ["IMGSITE_CACHE_DIR": try Corpus.scratch("cache").path])
        #expect(run.status == 1 && run.output.contains("warning a/zeroed-middle.jpg: damaged file"), "\(run.output)")
    }
}
