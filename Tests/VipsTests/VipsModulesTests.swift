import Foundation
@testable import Vips
import Testing

/// libvips' modules as imgsite loads them (`CVipsShim/modules.c`): HEIF and
/// JPEG XL at start, the others only for a file nothing else reads.
@Suite struct VipsModulesTests {
    init() throws { try Vips.start(concurrency: 1) }

    @Test("HEIF and JPEG XL are there from the start: an AVIF reads, a JPEG XL encodes")
    func neededModulesAtStart() throws {
        let avif = try VipsImage.header(of: VipsImageTests.corpus.appendingPathComponent("photos/formats/exif.avif").path)
        #expect(avif.string("vips-loader") == "heifload")
        let tiny = try VipsImage.header(of: VipsImageTests.corpus.appendingPathComponent("photos/formats/tiny-88x64.jpg").path)
        #expect(try !tiny.encoded(.jxl(quality: 75, effort: 3)).isEmpty)
    }

    @Test("a file only ImageMagick reads (a BMP named .jpg) still opens")
    func otherModulesOnDemand() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imgsite-modules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("odd.jpg")
        try Self.bmp(width: 4, height: 2).write(to: file)
        let image = try VipsImage.header(of: file.path)
        #expect(image.width == 4 && image.height == 2)
    }

    @Test("libvips' start leaves VIPSHOME as the process found it, so child processes load no module either")
    func environmentLeftAlone() throws {
        // The environment this process was started with (libvips' own
        // prefix guess would set VIPSHOME to "/usr").
        let launch = try String(contentsOfFile: "/proc/self/environ", encoding: .utf8).split(separator: "\0")
        let atLaunch = launch.first { $0.hasPrefix("VIPSHOME=") }.map { String($0.dropFirst("VIPSHOME=".count)) }
        #expect(getenv("VIPSHOME").map { String(cString: $0) } == atLaunch)
    }

    /// A 24-bit uncompressed BMP, grey, rows padded to 4 bytes.
    static func bmp(width: Int, height: Int) -> Data {
        let row = (width * 3 + 3) / 4 * 4
        let size = 54 + row * height
        var data = Data()
        func le(_ value: Int, _ bytes: Int) { for i in 0..<bytes { data.append(UInt8((value >> (8 * i)) & 0xFF)) } }
        data.append(contentsOf: Array("BM".utf8)); le(size, 4); le(0, 4); le(54, 4)
        le(40, 4); le(width, 4); le(height, 4); le(1, 2); le(24, 2); le(0, 4); le(row * height, 4)
        le(2835, 4); le(2835, 4); le(0, 4); le(0, 4)
        data.append(contentsOf: [UInt8](repeating: 128, count: row * height))
        return data
    }
}
