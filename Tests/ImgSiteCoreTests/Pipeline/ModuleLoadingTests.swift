import Foundation
import ImgSiteCore
@testable import ImgSitePlanning
import Vips
import Testing

/// libvips' HEIF and JPEG XL modules are loaded only when a build reads or
/// writes those formats (`Vips.start(codecModules:)`); a file that needs
/// one anyway still builds. libvips itself is loaded after start (CVipsShim's
/// loader.c), not by the dynamic loader before `main`.
@Suite struct ModuleLoadingTests {
    @Test("a JPEG-only build loads libvips after start and none of its modules")
    func jpegOnlyLoadsNoModules() throws {
        let input = try Corpus.scratch()
        try Corpus.copy([Corpus.photo("formats/tiny-88x64.jpg")], into: input, album: "a")
        let config = try Corpus.scratch("config").appendingPathComponent("imgsite.yml")
        try "version: 1\nwidths: [200]\nformats: [jpeg]\ndense_format: false\nplaceholder: none\n".write(
            to: config, atomically: true, encoding: .utf8)
        let output = try Corpus.scratch("site")
        // The dynamic loader names every library it loads, and why.
        let environment = ["IMGSITE_CACHE_DIR": try Corpus.scratch("cache").path, "LD_DEBUG": "files"]
        let run = try ImgsiteProcess.run(["build", input.path, "-o", output.path, "--config", config.path], environment: environment)
        #expect(run.status == 0 && run.output.contains("built a/tiny-88x64.jpg"), "\(run.output)")
        let loads = run.errors.split(separator: "\n").filter { $0.contains("file=") }
        #expect(!loads.isEmpty, "LD_DEBUG printed nothing")
        // Modules when needed is a native path: IMGSITE_NATIVE=off lets libvips load them all, as it does by itself.
        if !Native.forcedOff {
            #expect(!loads.contains { $0.contains("vips-modules-") }, "\(loads.filter { $0.contains("vips-modules-") })")
        }
        let libvips = loads.filter { $0.contains("file=libvips.so.42 ") && $0.contains(" by ") }
        #expect(libvips.count == 1 && libvips[0].contains("dynamically loaded by"), "\(libvips)")
    }

    @Test("a build with no photo ends cleanly while libvips may still be loading")
    func nothingToProcess() throws {
        // Its page threads end before libvips has started; they once called
        // vips_thread_shutdown then, and crashed in 3 runs of 200 under
        // LD_DEBUG (none of 200 since).
        let input = try Corpus.scratch()
        let environment = ["IMGSITE_CACHE_DIR": try Corpus.scratch("cache").path, "LD_DEBUG": "files"]
        for _ in 0..<8 {
            let output = try Corpus.scratch("site")
            let run = try ImgsiteProcess.run(["build", input.path, "-o", output.path], environment: environment)
            #expect(run.status == 0 && run.output.contains("built 0, up to date 0, failed 0"), "\(run.status) \(run.output)")
            #expect(run.errors.contains("warning: no images found"))
            try? FileManager.default.removeItem(at: output)
        }
    }

    @Test("a JPEG-only build still reads a HEIC named .jpg, and writes AVIF when asked")
    func loadedWhenNeeded() throws {
        let input = try Corpus.scratch()
        try Corpus.copy([Corpus.photo("formats/tiny-88x64.jpg")], into: input, album: "a")
        try FileManager.default.copyItem(
            at: Corpus.photo("formats/iphone-13-pro-max.heic"), to: input.appendingPathComponent("a/phone.jpg"))
        let config = try Corpus.scratch("config").appendingPathComponent("imgsite.yml")
        try "version: 1\nwidths: [200]\nformats: [jpeg]\ndense_format: false\nplaceholder: none\n".write(
            to: config, atomically: true, encoding: .utf8)
        let output = try Corpus.scratch("site")
        let environment = ["IMGSITE_CACHE_DIR": try Corpus.scratch("cache").path]
        let jpegOnly = try ImgsiteProcess.run(["build", input.path, "-o", output.path, "--config", config.path], environment: environment)
        #expect(jpegOnly.status == 0 && jpegOnly.output.contains("built a/phone.jpg"), "\(jpegOnly.output) \(jpegOnly.errors)")

        try "version: 1\nwidths: [200]\nformats: [avif, jpeg]\ndense_format: false\nplaceholder: none\n".write(
            to: config, atomically: true, encoding: .utf8)
        let withAVIF = try ImgsiteProcess.run(["build", input.path, "-o", output.path, "--config", config.path], environment: environment)
        #expect(withAVIF.status == 0, "\(withAVIF.output) \(withAVIF.errors)")
        let files = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("a/_img").path)
        #expect(files.filter { $0.hasSuffix(".avif") }.count == 2, "\(files)")
    }
}
