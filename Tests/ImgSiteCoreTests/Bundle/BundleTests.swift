import Foundation
import ImgSiteCore
@testable import ImgSitePlanning
import Testing
import Vips
import Yams

/// The release bundle (`make dist`), as `make test-bundle` leaves it:
/// IMGSITE_BUNDLE is the unpacked bundle, IMGSITE_BUNDLE_RUN the corpus
/// build `scripts/dist/chroot-test.sh` made with it in a root of libc6,
/// libgcc-s1 and libstdc++6 alone. The reference is the same folder built
/// here, in this process, through the system's libvips.
@Suite(.enabled(if: BundleRun.given, "make test-bundle sets IMGSITE_BUNDLE and IMGSITE_BUNDLE_RUN"), .serialized)
struct BundleTests {
    static let bundle = BundleRun.bundle
    static let run = BundleRun.run

    // MARK: licences

    /// Licences a library in the bundle may have: none that would make
    /// imgsite (Apache-2.0) a GPL work.
    static let allowed: Set<String> = [
        "MIT", "BSD-2-Clause", "BSD-3-Clause", "0BSD", "Apache-2.0", "Zlib", "IJG", "Libpng", "libtiff",
        "LGPL-2.1-or-later", "LGPL-3.0-or-later", "public-domain", "blessing", "BSD-3-Clause-Clear", "ISC", "WTFPL",
        // Pango, cairo, FreeType, fontconfig and cairo's X11 libraries (text watermarks).
        "LGPL-2.0-or-later", "LGPL-2.1-only", "MPL-1.1", "FTL", "X11", "HPND-sell-variant", "Beerware",
    ]

    /// Whether an SPDX-style expression ("A AND B", "A OR B") may be
    /// bundled: every part of it, or one alternative of an OR.
    static func mayBundle(_ expression: String) -> Bool {
        expression.components(separatedBy: " OR ").contains { alternative in
            alternative.components(separatedBy: " AND ").allSatisfy { allowed.contains($0.trimmingCharacters(in: .whitespaces)) }
        }
    }

    @Test("the licence check refuses GPL and accepts LGPL, permissive and a permissive alternative")
    func licenceRule() {
        #expect(!Self.mayBundle("GPL-3.0-or-later"))
        #expect(!Self.mayBundle("GPL-2.0-only"))
        #expect(!Self.mayBundle("LGPL-2.1-or-later AND GPL-2.0-or-later"))
        #expect(Self.mayBundle("BSD-3-Clause OR GPL-2.0-only"))
        #expect(Self.mayBundle("LGPL-3.0-or-later"))
        #expect(Self.mayBundle("IJG AND BSD-3-Clause AND Zlib"))
    }

    @Test("every library in the bundle has a licence row, its copyright file, and a licence imgsite may bundle")
    func licences() throws {
        let bundle = try #require(Self.bundle)
        let rows = try String(contentsOf: bundle.appending(path: "LICENSES/libraries.tsv"), encoding: .utf8)
            .split(separator: "\n").dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        let byLibrary = Dictionary(rows.map { ($0[0], $0) }) { first, _ in first }
        let libraries = try Self.libraries(in: bundle.appending(path: "lib"))
        #expect(libraries.count > 20, "\(libraries)")
        #expect(Set(byLibrary.keys) == Set(libraries), "rows and files differ")
        for library in libraries {
            let row = try #require(byLibrary[library], "\(library) has no row")
            #expect(Self.mayBundle(row[4]), "\(library) (\(row[1])) is \(row[4]): not allowed in the bundle")
            let copyright = bundle.appending(path: "LICENSES/\(row[1]).copyright")
            #expect(FileManager.default.fileExists(atPath: copyright.path), "\(library): no \(copyright.lastPathComponent)")
        }
        #expect(!libraries.contains { $0.hasPrefix("libx265") || $0.hasPrefix("libimagequant") || $0.hasPrefix("libfftw") || $0.hasPrefix("libjbig") })
        #expect(libraries.contains("libde265.so.0"), "HEIC needs libde265")
    }

    @Test("every Swift package bin/imgsite links (Package.resolved's pins), Swift's runtime and ICU have their notices in LICENSES/swift")
    func swiftNotices() throws {
        let bundle = try #require(Self.bundle)
        let resolved = try String(contentsOf: Corpus.repoRoot.appending(path: "Package.resolved"), encoding: .utf8)
        let pins = resolved.matches(of: /"identity" : "([^"]+)"/).map { String($0.1) }
        #expect(pins.count > 10 && pins.contains("grdb.swift") && pins.contains("yams") && pins.contains("swift-crypto"), "\(pins)")
        for pin in pins {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: bundle.appending(path: "LICENSES/swift/\(pin)").path)) ?? []
            #expect(files.contains { $0.uppercased().hasPrefix("LICEN") }, "\(pin) has no licence in LICENSES/swift")
        }
        let boringSSL = try String(contentsOf: bundle.appending(path: "LICENSES/swift/swift-crypto/BoringSSL-NOTICES.txt"), encoding: .utf8)
        #expect(boringSSL.contains("Eric Young") && boringSSL.contains("OpenSSL Project"), "BoringSSL's licences, from its sources' headers")
        for file in ["swift-toolchain/LICENSE.txt", "icu/copyright"] {
            #expect(FileManager.default.fileExists(atPath: bundle.appending(path: "LICENSES/swift/\(file)").path), "\(file)")
        }
    }

    static func libraries(in lib: URL) throws -> [String] {
        let walker = FileManager.default.enumerator(at: lib, includingPropertiesForKeys: nil)
        var names: [String] = []
        while let file = walker?.nextObject() as? URL {
            if file.lastPathComponent.contains(".so") { names.append(file.lastPathComponent) }
        }
        return names.sorted()
    }

    // MARK: the corpus built in the bare root

    @Test("--version in the bare root says it runs from the bundle, with its libvips and glibc")
    func version() throws {
        let run = try #require(Self.run)
        let text = try String(contentsOf: run.appending(path: "version.txt"), encoding: .utf8)
        #expect(text.hasPrefix("release bundle imgsite-\(ImgSiteVersion.current)-linux-"), "the bundle's line first: \(text)")
        // A bundle built from a commit that is no release tag says so.
        let fields = try String(contentsOf: try #require(Self.bundle).appending(path: "BUNDLE"), encoding: .utf8)
        let version = try #require(fields.firstMatch(of: /\nversion=([^\n]+)\n/).map { String($0.1) })
        #expect(version == ImgSiteVersion.current || version.hasPrefix("\(ImgSiteVersion.current)+dev."), "\(version)")
        #expect(text.contains("\nimgsite \(version)\n"), "\(text)")
        // Without its lib/'s libvips (a partial copy), the hint is about the bundle, not about installing libvips.
        let partial = try String(contentsOf: run.appending(path: "version-without-lib.txt"), encoding: .utf8)
        #expect(partial.contains("this is the release bundle, whose libvips is in ") && partial.contains("keep bin/ and lib/ together")
                && partial.contains("it needs glibc ") && !partial.contains("apt-get install"), "\(partial)")
        #expect(text.contains("needs glibc 2."), "\(text)")
        let libvips = try #require(fields.firstMatch(of: /\nlibvips=([^\n]+)\n/).map { String($0.1) })
        #expect(libvips.hasPrefix("8.18."), "the bundle's libvips writes gain maps: \(libvips)")
        #expect(text.contains("libvips \(libvips) (/opt/imgsite-"), "libvips must come from the bundle: \(text)")
        #expect(text.contains("HDR photos: gain maps kept"), "the bundle's libvips writes gain maps, and libheif reads iPhones' HEIC: \(text)")
        #expect(text.contains("iPhones' HEIC,"), "\(text)")
        #expect(text.contains("on  per-thread libvips messages"), "\(text)")
    }

    /// The chroot's build and the reference build, loaded once.
    struct Builds {
        let bundle: Manifest
        let output: [String]
        let status: Int
        let site: URL
        let reference: TestBuild
    }

    static let builds: Result<Builds, any Error> = Result {
        let run = try #require(BundleTests.run)
        let site = run.appending(path: "site")
        let manifest = try #require(Manifest.load(from: site), "the chroot build wrote no manifest")
        let output = try String(contentsOf: run.appending(path: "output.txt"), encoding: .utf8).split(separator: "\n").map(String.init)
        let status = Int(try String(contentsOf: run.appending(path: "status"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        // The bare root has no libraw: the reference leaves RAW files out too.
        var config = SiteConfig()
        config.raw = .skip
        let reference = try TestBuild.run(input: run.appending(path: "photos"), config: config)
        return Builds(bundle: manifest, output: output, status: status, site: site, reference: reference)
    }

    @Test("the same photos build and the same damaged files fail, each named with its reason")
    func sameOutcomes() throws {
        let builds = try Self.builds.get()
        #expect(builds.status == 1, "failed images: exit status 1, not \(builds.status)")
        let failed = Set(builds.output.filter { $0.hasPrefix("failed ") }.map { String($0.dropFirst(7).prefix { $0 != ":" }) })
        #expect(failed == Set(builds.reference.summary.failed.map(\.path)))
        for line in builds.output where line.hasPrefix("failed ") {
            let reason = line.drop { $0 != ":" }.dropFirst(2)
            #expect(reason.count > 10 && !reason.contains("unknown libvips error"), "\(line)")
        }
        #expect(Set(builds.bundle.images.map(\.source)) == Set(builds.reference.manifest.images.map(\.source)))
        #expect(builds.bundle.images.contains { $0.source == LoadedLibvips.heic }, "HEIC must build from the bundle")
        #expect(builds.output.last?.hasPrefix("built \(builds.bundle.images.count), up to date 0, failed \(failed.count)") == true)
    }

    @Test("without libraw on the machine, a RAW file is skipped with one line saying how to get it")
    func rawWithoutLibraw() throws {
        let builds = try Self.builds.get()
        #expect(builds.output.contains { $0.hasPrefix("site warning raw/tidepool.dng: 1 RAW file skipped: libraw 0.20 is not installed (Debian 12: apt-get install libraw20") },
                "\(builds.output.filter { $0.contains("raw") })")
        #expect(builds.output.last?.contains(", skipped 1 (1 RAW);") == true)
    }

    @Test("every photo gets the files the system's libvips makes, less the GIF fallback; HDR photos their HDR files too")
    func sameFiles() throws {
        let builds = try Self.builds.get()
        let key = { (variant: Variant) in "\(variant.format.rawValue) \(variant.width)×\(variant.height) \(variant.role)" }
        for image in builds.reference.manifest.images {
            let ours = try #require(builds.bundle.images.first { $0.source == image.source })
            let expected = image.variants.filter { $0.format != .gif }.map(key).sorted()
            #expect(ours.variants.filter { $0.role != .hdr }.map(key).sorted() == expected, "\(image.source)")
            #expect((ours.width, ours.height) == (image.width, image.height), "\(image.source)")
            // Debian 12's libvips publishes HDR photos SDR; the bundle's keeps their gain maps.
            #expect(ours.dynamicRange == image.dynamicRange, "\(image.source)")
            #expect(image.hdrStills.isEmpty && (ours.dynamicRange == nil) == ours.hdrStills.isEmpty, "\(image.source)")
        }
        let hdr = builds.bundle.images.filter { $0.dynamicRange != nil }.map(\.source).sorted()
        #expect(hdr == ["formats/iphone-13-pro-max.heic", "hdr/aqua-pq.avif", "hdr/aqua-ultrahdr.jpg", "hdr/dune-hlg.avif",
                        "hdr/dune-ultrahdr.jpg", "hdr/flower-turned-ultrahdr.jpg"], "\(hdr)")
    }

    @Test("the bundle's files: JPEG 4:2:0, sizes as listed and never upscaled, sRGB, upright, no GPS or serials")
    func guarantees() throws {
        let builds = try Self.builds.get()
        for image in builds.bundle.images {
            for variant in image.variants where variant.format.imageFormat != nil {
                let decoded = try VipsImage.decode(Array(try Data(contentsOf: builds.site.appending(path: variant.path))))
                #expect(decoded.width == variant.width && decoded.height == variant.height, "\(variant.path)")
                #expect(variant.width <= image.width, "\(variant.path) is wider than its source")
                #expect(decoded.interpretation == "srgb" || decoded.bands < 3, "\(variant.path): \(decoded.interpretation)")
                if variant.format == .jpeg, decoded.bands == 3 {
                    #expect(decoded.string("jpeg-chroma-subsample") == "4:2:0", "\(variant.path)")
                }
                let fields = decoded.fieldNames
                #expect(!fields.contains { $0.contains("GPS") || $0.contains("Serial") }, "\(variant.path)")
            }
        }
        let reference = try widest(.webp, "orientation/Landscape_1.jpg", builds)
        for value in 2...8 {
            let rotated = try widest(.webp, "orientation/Landscape_\(value).jpg", builds)
            #expect(rotated.width == reference.width && rotated.height == reference.height)
            #expect(try StillOutputTests.meanDifference(reference, rotated) < 4, "orientation \(value) is not upright")
        }
    }

    @Test("clips build in the bare root with the bundle's own FFmpeg: H.264 by OpenH264 (High, as the page says), AV1 by SVT-AV1, upright, SDR, no location")
    func clips() throws {
        let run = try #require(Self.run)
        let version = try String(contentsOf: run.appending(path: "version.txt"), encoding: .utf8)
        #expect(version.contains("encoders: h264 libopenh264, av1 libsvtav1; decodes h264, hevc, vp9, av1, mpeg4, theora"), "\(version)")
        let libraries = try Self.libraries(in: try #require(Self.bundle).appending(path: "lib"))
        #expect(libraries.contains("libavcodec.so.59") && libraries.contains("libopenh264.so.7"), "\(libraries)")
        #expect(!libraries.contains { $0.hasPrefix("libx264") || $0.hasPrefix("libpostproc") || $0.hasPrefix("libvpx") }, "\(libraries)")
        let builds = try Self.builds.get()
        #expect(builds.output.contains { $0.hasPrefix("failed clips/damaged.mp4: ") }, "\(builds.output.filter { $0.contains("clips/") })")
        #expect(builds.output.last?.contains("videos 3") == true, "\(builds.output.last ?? "")")
        var files: [URL] = []
        for name in ["hdr-hlg.mov", "upright-phone.mp4", "theora.ogv"] {
            let clip = try #require(builds.bundle.images.first { $0.source == "clips/\(name)" }, "\(name) was not built")
            let videos = clip.variants.filter { $0.format == .mp4 || $0.format == .av1 }
            #expect(Set(videos.map(\.format)) == [.mp4, .av1], "\(name)")
            for variant in videos {
                let file = builds.site.appending(path: variant.path)
                files.append(file)
                let stream = try #require(try FFprobe.read(file).video, "\(variant.path) has no video")
                #expect(stream["codec_name"] as? String == (variant.format == .mp4 ? "h264" : "av1"), "\(variant.path)")
                if variant.format == .mp4 { #expect(stream["profile"] as? String == "High", "\(variant.path): \(stream["profile"] ?? "")") }
                #expect(stream["width"] as? Int == variant.width && stream["height"] as? Int == variant.height, "\(variant.path)")
                #expect(stream["pix_fmt"] as? String == "yuv420p", "\(variant.path)")
                if name == "upright-phone.mp4" { #expect(variant.height > variant.width, "\(variant.path) is not upright") }
                if name == "hdr-hlg.mov" { #expect(stream["color_transfer"] as? String == "bt709", "\(variant.path) is not tone-mapped to SDR") }
            }
        }
        for (file, tags) in try ExifTool.tags(of: files) {
            #expect(tags.keys.allSatisfy { !$0.contains("GPS") && !$0.contains("Location") && !$0.contains("Make") && !$0.contains("Model") }, "\(file)")
        }
    }

    @Test("a text watermark in the bare root (no fonts there): drawn by the bundle's Pango in its DejaVu Sans Bold, as the system's libvips draws it")
    func textWatermark() throws {
        let run = try #require(Self.run)
        let output = try String(contentsOf: run.appending(path: "marked-output.txt"), encoding: .utf8)
        let status = try String(contentsOf: run.appending(path: "marked-status"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(status == "0" && output.contains("built 1, up to date 0, failed 0"), "\(output)")
        #expect(!output.contains("Fontconfig") && !output.contains("Pango"), "no font warnings: \(output)")
        let library = run.appending(path: "marked")
        let site = run.appending(path: "marked-site")
        let bundle = try #require(Manifest.load(from: site)?.images.first)
        var config = try SiteConfig.load(from: library.appending(path: "imgsite.yml").path)
        let reference = try TestBuild.run(input: library, config: config)
        config.watermark = nil
        let plain = try TestBuild.run(input: library, config: config)
        let ours = try #require(bundle.variants.filter { $0.format == .jpeg }.max { $0.width < $1.width })
        let theirs = try #require(try reference.image(bundle.source).variants.first { $0.format == .jpeg && $0.width == ours.width })
        let unmarked = try #require(try plain.image(bundle.source).variants.first { $0.format == .jpeg && $0.width == ours.width })
        let box = try #require(try WatermarkTests.changed(plain.url(unmarked), site.appending(path: ours.path), threshold: 30), "no mark drawn")
        #expect(box.0 > ours.width / 2 && box.1 > ours.height * 8 / 10, "bottom right: \(box)")
        let differs = try WatermarkTests.changed(reference.url(theirs), site.appending(path: ours.path), threshold: 30)
        #expect(differs == nil, "the bundle's mark differs from the system libvips' one at \(differs.map { "\($0)" } ?? "")")
    }

    @Test("the Action, pinned to the release tag, downloads the bundle, checks its SHA-256 and builds a gallery with it")
    func action() throws {
        let name = BundleRun.name
        let releases = try releases()
        var runner = try GitHubActionTests.Runner()
        runner.arch = BundleRun.arch == "aarch64" ? "ARM64" : "X64"
        let workspace = try Corpus.scratch("workspace")
        try Corpus.copy(["nature/Storm.jpg", LoadedLibvips.heic].map(Corpus.photo), into: workspace.appending(path: "photos"), album: "trip")
        let install = try runner.run("install-imgsite.sh", ["ACTION_REF": "v\(ImgSiteVersion.current)", "IMGSITE_RELEASES": releases.absoluteString],
                                     in: workspace)
        let said = String(decoding: install.output, as: UTF8.self)
        #expect(install.status == 0 && said.contains("release bundle \(name)"), "\(said)\(String(decoding: install.errors, as: UTF8.self))")
        let binary = try #require(runner.outputs["binary"])
        #expect(binary.hasPrefix(runner.temp.path) && binary.hasSuffix("/\(name)/bin/imgsite"), "\(binary)")
        let build = try runner.run("build-gallery.sh", ["IMGSITE": binary, "INPUT_PHOTOS": "photos", "INPUT_OUTPUT": "_site", "INPUT_CACHE": "true"],
                                   in: workspace)
        let output = String(decoding: build.output, as: UTF8.self)
        #expect(build.status == 0 && output.contains("built 2, up to date 0, failed 0"), "\(output)")
        #expect(try String(contentsOf: runner.summary, encoding: .utf8).contains("| images built | 2 (0 animations) |"))
    }

    /// A folder laid out as a release download: vVERSION/ with the tarball and its .sha256.
    private func releases() throws -> URL {
        let dist = try #require(BundleRun.dist)
        let name = BundleRun.name
        let releases = try Corpus.scratch("releases")
        let release = releases.appending(path: "v\(ImgSiteVersion.current)")
        try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
        for file in ["\(name).tar.gz", "\(name).tar.gz.sha256"] {
            try FileManager.default.copyItem(at: dist.appending(path: file), to: release.appending(path: file))
        }
        return releases
    }

    /// Runs a recipe's shell lines in one bash -e, in `folder`, with `environment`.
    private func play(_ lines: [String], in folder: URL, environment: [String: String]) throws -> ChildProcess.Run {
        let script = (["set -e", "cd '\(folder.path)'"] + lines).joined(separator: "\n")
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("IMGSITE") }
        env.merge(environment) { $1 }
        return try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), ["-c", script], environment: env)
    }

    @Test("the GitLab recipes install the pinned release bundle as written, and build and prune with it")
    func gitlabRecipe() throws {
        let releases = try releases()
        let recipe = Corpus.repoRoot.appending(path: "docs/ci/gitlab-ci.yml")
        let yaml = try #require(try Yams.load(yaml: String(contentsOf: recipe, encoding: .utf8)) as? [String: Any])
        let job = try #require(yaml["pages"] as? [String: Any])
        let variables = try #require(job["variables"] as? [String: String])
        #expect(variables["IMGSITE_VERSION"] == ImgSiteVersion.current, "the recipe pins the current release")
        #expect(job["image"] as? String == "debian:12-slim")
        let opt = try Corpus.scratch("opt")
        // The apt-get line installs curl on a bare image; this machine has it.
        let install = ((job["before_script"] as? [String]) ?? []).filter { !$0.hasPrefix("apt-get") }
            .map { $0.replacingOccurrences(of: "/opt", with: opt.path) }
        let script = (job["script"] as? [String]) ?? []
        let project = try Corpus.scratch("project")
        try Corpus.copy(["nature/Storm.jpg"].map(Corpus.photo), into: project.appending(path: "photos"), album: "trip")
        let run = try play(install + script, in: project, environment: [
            "IMGSITE_RELEASES": releases.absoluteString.trimmingCharacters(in: ["/"]), "IMGSITE_VERSION": ImgSiteVersion.current,
            "IMGSITE_CACHE_DIR": project.appending(path: ".imgsite-cache").path, "CI_PROJECT_DIR": project.path,
        ])
        let output = String(decoding: run.output, as: UTF8.self)
        #expect(run.status == 0, "\(output)\(String(decoding: run.errors, as: UTF8.self))")
        #expect(output.contains("built 1, up to date 0, failed 0"), "\(output)")
        #expect(FileManager.default.fileExists(atPath: project.appending(path: "public/index.html").path))
    }

    @Test("the Kubernetes install script installs the bundle onto the work volume once, and both Jobs run that binary")
    func kubernetesRecipe() throws {
        let releases = try releases()
        let shards = try String(contentsOf: Corpus.repoRoot.appending(path: "docs/ci/kubernetes-indexed-job.yml"), encoding: .utf8)
        let documents = try Yams.load_all(yaml: shards).compactMap { $0 as? [String: Any] }
        let config = try #require(documents.first { $0["kind"] as? String == "ConfigMap" })
        let install = try #require((config["data"] as? [String: String])?["install.sh"])
        let work = try Corpus.scratch("work")
        let lines = install.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("apt-get") }
            .map { $0.replacingOccurrences(of: "/work", with: work.path) }
        let environment = ["IMGSITE_RELEASES": releases.absoluteString.trimmingCharacters(in: ["/"]), "IMGSITE_VERSION": ImgSiteVersion.current]
        let first = try play(lines, in: work, environment: environment)
        #expect(first.status == 0, "\(String(decoding: first.errors, as: UTF8.self))")
        let binary = work.appending(path: "imgsite-\(ImgSiteVersion.current)-linux-\(BundleRun.arch)/bin/imgsite")
        #expect(FileManager.default.isExecutableFile(atPath: binary.path))
        let again = try play(lines, in: work, environment: ["IMGSITE_RELEASES": "file:///nonexistent", "IMGSITE_VERSION": ImgSiteVersion.current])
        #expect(again.status == 0, "a pod finding the bundle installed downloads nothing")
        let version = try ChildProcess.run(binary, ["--version"])
        #expect(String(decoding: version.output, as: UTF8.self).contains("release bundle"))
        let merge = try String(contentsOf: Corpus.repoRoot.appending(path: "docs/ci/kubernetes-merge-job.yml"), encoding: .utf8)
        for text in [shards, merge] {
            #expect(text.contains("/work/imgsite-$IMGSITE_VERSION-linux-$(uname -m)/bin/imgsite build"))
            #expect(text.contains("value: \"\(ImgSiteVersion.current)\"") && text.contains("image: debian:12-slim") && !text.contains("imgsite:latest"))
        }
    }

    private func widest(_ format: OutputFormat, _ source: String, _ builds: Builds) throws -> VipsImage {
        let image = try #require(builds.bundle.images.first { $0.source == source })
        let variant = try #require(image.variants.filter { $0.format == .image(format) }.max { $0.width < $1.width })
        return try VipsImage.decode(Array(try Data(contentsOf: builds.site.appending(path: variant.path))))
    }
}

/// Where `make test-bundle` put the unpacked bundle and the chroot's build.
enum BundleRun {
    static let bundle = ProcessInfo.processInfo.environment["IMGSITE_BUNDLE"].map(URL.init(fileURLWithPath:))
    static let run = ProcessInfo.processInfo.environment["IMGSITE_BUNDLE_RUN"].map(URL.init(fileURLWithPath:))
    /// The folder with the tarball and its .sha256, as a release holds them.
    static let dist = ProcessInfo.processInfo.environment["IMGSITE_BUNDLE_DIST"].map(URL.init(fileURLWithPath:))
    #if arch(arm64)
    static let arch = "aarch64"
    #else
    static let arch = "x86_64"
    #endif
    /// The bundle's name, as its tarball and folder are called.
    static let name = "imgsite-\(ImgSiteVersion.current)-linux-\(arch)"
    static var given: Bool { bundle != nil && run != nil }
}
