import Foundation
import Testing
import Vips

/// What imgsite says when the libvips it finds cannot be used: too old,
/// lacking a function it needs, or lacking one only a feature needs.
@Suite struct LibvipsLoaderTests {
    /// A shared library that says it is libvips `version` and holds nothing
    /// else: what imgsite meets on a system with an older libvips.
    static func fakeLibvips(_ version: (Int, Int, Int)) throws -> URL {
        let folder = try Corpus.scratch("fake-libvips")
        let source = folder.appending(path: "fake.c")
        try Data("int vips_version(int flag) { return flag == 0 ? \(version.0) : flag == 1 ? \(version.1) : \(version.2); }\n".utf8)
            .write(to: source)
        let library = folder.appending(path: "libvips.so.42")
        let compiler = try #require(["/usr/bin/cc", "/usr/bin/gcc", "/usr/bin/clang"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                    "a C compiler (make deps installs gcc)")
        let run = try ChildProcess.run(URL(fileURLWithPath: compiler), ["-shared", "-fPIC", "-o", library.path, source.path])
        #expect(run.status == 0, "\(String(decoding: run.errors, as: UTF8.self))")
        return library
    }

    @Test("a libvips older than the oldest imgsite runs on is refused at start, naming both versions; --version says it too")
    func tooOld() throws {
        let library = try Self.fakeLibvips((8, 12, 1))
        let version = try ImgsiteProcess.run(["--version"], environment: ["IMGSITE_LIBVIPS": library.path])
        #expect(version.status == 2 && version.output.hasPrefix("imgsite "), "\(version.status) \(version.output)")
        #expect(version.output.contains("imgsite needs libvips \(Vips.minimumVersion) or newer, and \(library.path) is libvips 8.12.1"),
                "\(version.output)")
        let input = try Corpus.scratch("photos")
        try Corpus.copy([Corpus.photo("formats/tiny-88x64.jpg")], into: input, album: "a")
        let build = try ImgsiteProcess.run(["build", input.path, "-o", try Corpus.scratch("site").path],
                                           environment: ["IMGSITE_LIBVIPS": library.path])
        #expect(build.status == 2 && build.errors.contains("is libvips 8.12.1") && build.errors.contains("apt-get install libvips42"),
                "\(build.status) \(build.errors)")
    }

    @Test("a libvips without a function imgsite needs is refused naming the function and the file; without one a feature needs, that feature is off")
    func missingFunctions() throws {
        let lacking = try ImgsiteProcess.run(["--version"], environment: ["IMGSITE_LIBVIPS": try Self.fakeLibvips((8, 14, 0)).path])
        #expect(lacking.status == 2 && lacking.output.contains("libvips 8.14.0 (") && lacking.output.contains("lacks g_free, which imgsite needs"),
                "\(lacking.output)")
        let core = try ImgsiteProcess.run(["--version"], environment: ["IMGSITE_LIBVIPS_WITHOUT": "vips_init"])
        #expect(core.status == 2 && core.output.contains("lacks vips_init, which imgsite needs"), "\(core.output)")

        let optional = try ImgsiteProcess.run(["--version"], environment: ["IMGSITE_LIBVIPS_WITHOUT": "vips_jxlsave_buffer"])
        #expect(optional.status == 0 && optional.output.contains("  missing vips_jxlsave_buffer: JPEG XL output off"), "\(optional.output)")
        let input = try Corpus.scratch("photos")
        try Corpus.copy([Corpus.photo("formats/tiny-88x64.jpg")], into: input, album: "a")
        try Data("formats: [jpeg, webp]\n".utf8).write(to: input.appending(path: "imgsite.yml"))
        let plain = try ImgsiteProcess.run(["build", input.path, "-o", try Corpus.scratch("site").path, "--cache-dir", try Corpus.scratch("cache").path],
                                           environment: ["IMGSITE_LIBVIPS_WITHOUT": "vips_jxlsave_buffer"])
        #expect(plain.status == 0, "a site without JPEG XL builds: \(plain.output) \(plain.errors)")
        try Data("formats: [jpeg, jxl]\n".utf8).write(to: input.appending(path: "imgsite.yml"))
        let jxl = try ImgsiteProcess.run(["build", input.path, "-o", try Corpus.scratch("site").path, "--cache-dir", try Corpus.scratch("cache").path],
                                         environment: ["IMGSITE_LIBVIPS_WITHOUT": "vips_jxlsave_buffer"])
        #expect(jxl.status == 1 && jxl.output.contains("failed a/tiny-88x64.jpg: ") && jxl.output.contains("lacks vips_jxlsave_buffer"),
                "\(jxl.output)")
    }

    @Test("a libvips without a GIF saver: the default [webp, gif] is said once as a note, counted nowhere; [gif] alone is a site warning")
    func noGIFSaver() throws {
        let input = try Corpus.scratch("photos")
        try Corpus.copy([Corpus.photo("animated/1904-blob-dancing.gif"), Corpus.photo("formats/tiny-88x64.jpg")], into: input, album: "a")
        let environment = ["IMGSITE_LIBVIPS_WITHOUT": "gifsave_buffer"]
        let report = try Corpus.scratch("report").appending(path: "report.json")
        let site = try Corpus.scratch("site")
        let build = try ImgsiteProcess.run(["build", input.path, "-o", site.path, "--cache-dir", try Corpus.scratch("cache").path,
                                            "--fail-on", "warning", "--report", report.path], environment: environment)
        let note = "note: animated.outputs asks for GIF, which this libvips"
        #expect(build.status == 0 && build.errors.components(separatedBy: note).count == 2, "once, on standard error: \(build.errors)")
        #expect(!build.output.contains("note:") && !build.output.contains("site warning"), "\(build.output)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        #expect((json["notes"] as? [String])?.first?.hasPrefix("animated.outputs asks for GIF") == true, "\(json["notes"] ?? "none")")
        let files = try FileManager.default.contentsOfDirectory(atPath: site.appending(path: "a/_img").path)
        #expect(!files.contains { $0.hasSuffix(".gif") } && files.contains { $0.hasPrefix("1904-blob-dancing-") && $0.hasSuffix(".webp") })

        try Data("animated: { outputs: [gif] }\n".utf8).write(to: input.appending(path: "imgsite.yml"))
        let gifOnly = try ImgsiteProcess.run(["build", input.path, "-o", try Corpus.scratch("site").path, "--cache-dir", try Corpus.scratch("cache").path],
                                             environment: environment)
        #expect(gifOnly.output.contains("site warning imgsite.yml: animated.outputs asks for GIF"), "\(gifOnly.output)")
    }
}
