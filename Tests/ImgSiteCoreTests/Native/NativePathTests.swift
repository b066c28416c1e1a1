import Foundation
import ImgSiteCore
@testable import ImgSitePlanning
import Testing
import Vips

/// The native fast paths' gates as a user meets them: `--version` says what
/// is loaded and on, `IMGSITE_NATIVE=off` switches every path off, and the
/// two never share cached files. (`make test-plain` runs the image-pipeline
/// suites with every path off.)
@Suite(.tags(.imagePipeline)) struct NativePathTests {
    static let names = ["libvips modules loaded when needed", "per-thread libvips messages",
                        "liborc allocator lock", "own Lanczos-3 resampler", "libjpeg-turbo JPEG decode and encode",
                        "4:2:0 planes for JPEG-only sites", "sRGB profiles left as they are"]
    static let off = ["IMGSITE_NATIVE": "off"]
    /// Said explicitly: `make test-plain` runs this suite with the paths off.
    static let on = ["IMGSITE_NATIVE": "on"]

    init() throws { try Vips.start() }

    static func library() throws -> URL {
        let input = try Corpus.scratch("library")
        try Corpus.copy(["cameras/DSCN0010.jpg", "orientation/Landscape_6.jpg", "nature/Storm.jpg", "formats/cmyk.jpg"].map(Corpus.photo),
                        into: input, album: "a")
        try Corpus.copy([Corpus.bad.appending(path: "corrupted.jpg")], into: input, album: "a")
        return input
    }

    @Test("--version: imgsite's version, the libvips loaded and its file, and each fast path with why")
    func version() throws {
        let run = try ImgsiteProcess.run(["--version"], environment: Self.on)
        let lines = run.output.split(separator: "\n").map(String.init)
        // The release, or the commit built from (SourceVersionTests checks which).
        #expect(run.status == 0 && lines.first?.hasPrefix("imgsite \(ImgSiteVersion.current)") == true, "\(run.output) \(run.errors)")
        let libvips = try #require(lines.dropFirst().first?.firstMatch(of: /^libvips (\S+) \((.+)\)$/), "\(lines)")
        #expect(String(libvips.1) == Vips.version)
        #expect(FileManager.default.fileExists(atPath: String(libvips.2)) && libvips.2.contains("libvips"), "\(libvips.2)")
        for name in Self.names {
            #expect(lines.contains { $0.hasPrefix("  on  \(name): ") || $0.hasPrefix("  off \(name): ") }, "\(name) in \(lines)")
        }
        // This machine: libvips 8.14 (scalar reduce), liborc 0.4.33 (the allocator race).
        if Vips.version.hasPrefix("8.14."), Native.liborcVersion == "0.4.33" {
            #expect(lines.filter { $0.hasPrefix("  on  ") }.count == Self.names.count, "\(lines)")
        }
    }

    @Test("IMGSITE_NATIVE=off: every path off, said by --version and, under --verbose, by a build")
    func forcedOff() throws {
        let version = try ImgsiteProcess.run(["--version"], environment: Self.off)
        #expect(version.output.contains("native fast paths (IMGSITE_NATIVE=off):"), "\(version.output)")
        for name in Self.names.dropFirst() {  // the lazy load is how the binary is linked, not a switch
            #expect(version.output.contains("  off \(name): "), "\(name) in \(version.output)")
        }
        let build = try ImgsiteProcess.run(["build", try Self.library().path, "-o", try Corpus.scratch("site").path, "--verbose",
                                            "--cache-dir", try Corpus.scratch("cache").path], environment: Self.off)
        #expect(build.errors.contains("native: own Lanczos-3 resampler off: IMGSITE_NATIVE=off"), "\(build.errors)")
        #expect(build.output.contains("failed a/corrupted.jpg"), "the bad file is named: \(build.output)")
    }

    @Test("the paths with code of imgsite's own check themselves at start; planes are said on only where the own resampler is")
    func selfChecks() throws {
        let paths = Dictionary(uniqueKeysWithValues: Native.paths.map { ($0.name, $0) })
        #expect(paths["4:2:0 planes for JPEG-only sites"]?.isOn == (Native.jpegCodec && Native.resampler))
        if !Native.forcedOff {
            #expect(Native.jpegCodec, "libjpeg-turbo's self-check passes with the libvips here")
            #expect(Native.srgbProfileShortcut, "lcms tells sRGB from Adobe RGB")
            #expect(!(try VipsImage.header(of: Corpus.photo("large/string.jpg").path).needsColourTransform), "an sRGB-tagged photo")
        } else {
            #expect(!Native.srgbProfileShortcut && !Native.jpegCodec && !Native.jpegPlanes)
            // With every path off, libvips transforms from every embedded profile, sRGB ones included.
            let tagged = try VipsImage.header(of: Corpus.photo("large/string.jpg").path)
            #expect(tagged.needsColourTransform)
        }
    }

    @Test("IMGSITE_NATIVE with another value is refused, saying what to use")
    func unknownValue() throws {
        let run = try ImgsiteProcess.run(["build", try Self.library().path, "-o", try Corpus.scratch("site").path],
                                         environment: ["IMGSITE_NATIVE": "fast"])
        #expect(run.status == 2 && run.errors.contains("IMGSITE_NATIVE=fast is not understood: use off"), "\(run.status) \(run.errors)")
    }

    @Test("native and plain builds on one cache: each equals its own clean build, 4:2:0 and upright either way")
    func sharedCache() throws {
        let input = try Self.library()
        let cache = try Corpus.scratch("cache")
        func build(_ output: URL, cache: URL, environment: [String: String]) throws {
            let run = try ImgsiteProcess.run(["build", input.path, "-o", output.path, "--cache-dir", cache.path], environment: environment)
            #expect(run.status == 1 && run.output.contains("failed a/corrupted.jpg"), "\(run.output) \(run.errors)")
        }
        let (native, plain, cleanPlain) = (try Corpus.scratch("native"), try Corpus.scratch("plain"), try Corpus.scratch("clean"))
        try build(native, cache: cache, environment: Self.on)
        try build(plain, cache: cache, environment: Self.off)
        try build(cleanPlain, cache: try Corpus.scratch("cache"), environment: Self.off)
        let (nativeTree, plainTree) = (try FolderTree.read(native), try FolderTree.read(plain))
        let differences = FolderTree.differences(plainTree, try FolderTree.read(cleanPlain))
        #expect(differences.isEmpty, "a plain build on the native cache differs from a clean one: \(differences.prefix(5))")
        // Otherwise the check above could not fail: the paths make other bytes.
        #expect(!FolderTree.differences(nativeTree, plainTree).isEmpty)

        for (path, data) in plainTree where path.hasSuffix(".jpg") {
            let image = try VipsImage.decode(Array(data))
            #expect(image.string("jpeg-chroma-subsample") == "4:2:0", "\(path)")
            #expect(image.interpretation == "srgb" && image.bands == 3, "\(path)")
            if path.contains("Landscape_6") { #expect(image.width > image.height, "\(path) upright") }
            #expect(!image.fieldNames.contains { $0.contains("GPS") || $0.contains("Serial") }, "\(path)")
        }
    }
}
