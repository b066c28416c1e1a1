import Foundation
@testable import Vips
import Testing

/// The shim's direct libjpeg-turbo path (`CVipsShim/jpeg.c`) against
/// libvips' own JPEG loader and saver.
@Suite struct VipsJPEGTests {
    init() throws { try Vips.start(concurrency: 1) }

    static func path(_ name: String) -> String {
        VipsImageTests.corpus.appendingPathComponent(name).path
    }

    @Test("decodes the pixels libvips' loader gives, at every DCT scale, colour and grey",
          arguments: ["photos/nature/Storm.jpg", "photos/formats/gray.jpg", "photos/cameras/ricoh-rdc5300.jpg",
                      "photos/orientation/Landscape_6.jpg"])
    func decodesAsLibvips(_ name: String) throws {
        for shrink in [1, 2, 4, 8] {
            let ours = try #require(VipsImage.decodedPlainJPEG(Self.path(name), shrink: shrink), "\(name) at 1/\(shrink)")
            let reference = try VipsImage.header(of: Self.path(name) + "[shrink=\(shrink)]").materialized()
            #expect(ours.width == reference.width && ours.height == reference.height && ours.bands == reference.bands)
            #expect(try ours.psnr(against: reference) == .infinity, "\(name) at 1/\(shrink): not libvips' pixels")
        }
    }

    @Test("CMYK and damaged files are left to libvips",
          arguments: ["photos/formats/cmyk.jpg", "bad/truncated.jpg", "bad/corrupted.jpg", "bad/not-an-image.jpg",
                      "bad/zero-bytes.jpg", "no-such-file.jpg"])
    func leavesOthersToLibvips(_ name: String) {
        #expect(VipsImage.decodedPlainJPEG(Self.path(name), shrink: 2) == nil, "\(name)")
    }

    @Test("encodes libvips' baseline bytes; progressive, libvips' pixels through its own scans: 4:2:0, 4:4:4, grey",
          arguments: ["photos/nature/Storm.jpg", "photos/formats/gray.jpg"])
    func encodesAsLibvips(_ name: String) throws {
        let image = try #require(VipsImage.decodedPlainJPEG(Self.path(name), shrink: 4))
        for (progressive, subsample420) in [(false, true), (true, true), (false, false), (true, false)] {
            let settings = EncodeSettings.jpeg(quality: 85, progressive: progressive, subsample420: subsample420)
            let ours = try image.plainJPEG(quality: 85, progressive: progressive, subsample420: subsample420)
            let libvips = try image.encodedByLibvips(settings)
            // encoded(_:) takes the direct path where it is on; libvips' saver where not.
            #expect(try image.encoded(settings) == (Native.jpegCodec ? ours : libvips), "encoded(_:) takes the path that is on")
            guard progressive else {
                #expect(ours == libvips, "\(name), \(settings): not libvips' bytes")
                continue
            }
            #expect(try VipsImage.decode(ours).psnr(against: VipsImage.decode(libvips)) == .infinity, "\(name): not libvips' pixels")
            #expect(Self.markers(ours, 0xC2) == 1, "\(name): not progressive")
            #expect(Self.markers(ours, 0xDA) == (image.bands == 3 ? 7 : 5), "\(name): not the shim's scans")
        }
    }

    @Test("progressive files are smaller than with libjpeg's standard scans", arguments: [800, 280])
    func progressiveScansSaveBytes(_ width: Int) throws {
        let folder = VipsImageTests.corpus.appendingPathComponent("photos/nature")
        var (ours, standard) = (0, 0)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".jpg") {
            let image = try VipsImage.thumbnail(of: folder.appendingPathComponent(name).path, width: width, toSRGB: false).materialized()
            ours += try image.plainJPEG(quality: 85, progressive: true, subsample420: true).count
            standard += try image.encodedByLibvips(.jpeg(quality: 85, progressive: true, subsample420: true)).count
        }
        #expect(ours > 0 && ours < standard, "\(ours) bytes against \(standard)")
    }

    /// How many 0xFF `code` markers (SOF2, SOS) `bytes` holds: entropy-coded
    /// data escapes each 0xFF, and no table here holds one.
    static func markers(_ bytes: [UInt8], _ code: UInt8) -> Int {
        zip(bytes, bytes.dropFirst()).filter { $0 == (0xFF, code) }.count
    }

    @Test("pixels not in memory, or with alpha, go through libvips' saver")
    func othersGoThroughLibvips() throws {
        let lazy = try VipsImage.header(of: Self.path("photos/nature/Storm.jpg"))
        #expect(throws: VipsError.self) { try lazy.plainJPEG(quality: 85, progressive: false, subsample420: true) }
        let alpha = try VipsImage.header(of: Self.path("photos/formats/transparent.png")).materialized()
        #expect(throws: VipsError.self) { try alpha.plainJPEG(quality: 85, progressive: false, subsample420: true) }
        #expect(try !alpha.flattened().encoded(.jpeg(quality: 85, progressive: false, subsample420: true)).isEmpty)
    }
}
