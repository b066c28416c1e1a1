// swift-tools-version:6.0
import PackageDescription

// CVipsInterposers' definitions that libvips' own calls must land on, in the
// executable's dynamic symbols even though no library on the link line asks
// for them. A linker flag, which SwiftPM refuses in a package used as a
// dependency: only the `imgsite` executable and the tests link that target,
// so the `ImgSiteCore` library carries none (its paths are off there).
let exportingInterposers = LinkerSetting.unsafeFlags(
    ["vips_error", "vips_verror", "vips_error_system", "vips_verror_system", "vips_error_freeze", "vips_error_thaw",
     "vips_guess_prefix", "vips_guess_libdir", "orc_program_compile", "orc_program_free", "imgsite_interposers_linked"]
        .flatMap { ["-Xlinker", "--export-dynamic-symbol=\($0)"] },
    // GNU ld and lld only; elsewhere (macOS' two-level namespace) libvips'
    // calls would not reach them anyway, and the paths say they are off.
    .when(platforms: [.linux]))

let package = Package(
    name: "imgsite",
    products: [
        .executable(name: "imgsite", targets: ["imgsite"]),
        .library(name: "ImgSiteCore", targets: ["ImgSiteCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // libvips' headers (in the system's include path) and GLib's, through
        // pkg-config: `pkgConfig: "vips"` would also link libvips, which
        // CVipsShim loads itself (loader.c). apt names the package to install.
        .systemLibrary(
            name: "CVips",
            pkgConfig: "gobject-2.0",
            providers: [.apt(["libvips-dev"])]
        ),
        // zlib, for the gzip of `--archive` (libvips already depends on it).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Non-variadic C wrappers: Swift cannot call libvips' variadic API.
        // libvips loaded after start, on a thread of its own, its functions
        // reached through a table (vips_functions.h). libjpeg-turbo directly
        // for plain JPEGs, GModule for libvips' modules (libjpeg-dev and
        // libglib2.0-dev come with libvips-dev); dlopen is in libdl before glibc 2.34.
        .target(
            name: "CVipsShim", dependencies: ["CVips"],
            linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("lcms2"), .linkedLibrary("gmodule-2.0"),
                             .linkedLibrary("dl", .when(platforms: [.linux]))]),
        // libvips' and liborc's entry points defined by the executable, each
        // handing on to CVipsShim's hook (see CVipsInterposers.h).
        .target(name: "CVipsInterposers", dependencies: ["CVipsShim"], linkerSettings: [exportingInterposers]),
        .target(name: "Vips", dependencies: ["CVips", "CVipsShim"]),
        // Linux calls the Glibc module leaves out (sync_file_range).
        .target(name: "CLinux"),
        // Camera RAW previews through libraw, loaded when first needed
        // (headers from libraw-dev; without them RAW files are skipped).
        .target(name: "CRaw", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // Video clips through FFmpeg's libraries, loaded when first needed
        // (headers from libavformat-dev, libavcodec-dev and libavfilter-dev; without them clips are skipped).
        .target(name: "CVideo", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux])), .linkedLibrary("m")]),
        // HEIF files' HDR (Apple's gain map, PQ and HLG) through libheif, loaded
        // when first needed (headers from libheif-dev, which libvips-dev brings).
        .target(name: "CHeif", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // The media imgsite reads and writes below what a site is: clips
        // (probe, plan, transcode), placeholders, the byte formats of files,
        // and the support every layer uses (the failure naming a file, atomic
        // writes, a file's identity, hashes, the worker pool). It knows no
        // site, album, page or setting file: ImgSitePlanning and ImgSiteCore
        // stand on it, never the other way.
        .target(name: "ImgSiteMedia", dependencies: ["Vips", "CVideo", "CZlib", "CLinux", .product(name: "Crypto", package: "swift-crypto")]),
        // What a build will make, before it makes a page: imgsite.yml read
        // and checked, the folder scanned into albums and sources, each
        // image's settings and widths planned, and the image work a plan
        // runs (stills, animations, HDR, watermarks). It knows no cache,
        // build database, budget, pipeline, page or output folder:
        // ImgSiteCore stands on it.
        .target(
            name: "ImgSitePlanning",
            dependencies: ["ImgSiteMedia", "Vips", "CRaw", "CHeif", .product(name: "Yams", package: "Yams")]),
        .target(
            name: "ImgSiteCore",
            dependencies: [
                "ImgSitePlanning",
                "ImgSiteMedia",
                "Vips",
                "CZlib",
                "CLinux",
                "CRaw",
                "CVideo",
                "CHeif",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                // PBKDF2, for private albums' keys.
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "ImgSiteServer",
            dependencies: [
                "ImgSiteCore",
                "ImgSitePlanning",
                "ImgSiteMedia",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "ImgSiteCLI",
            dependencies: [
                "ImgSiteCore",
                "ImgSitePlanning",
                "ImgSiteMedia",
                "Vips",
                "ImgSiteServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // `--version` and the build report name the commit built (0.4.0+dev.c025576).
            plugins: ["SourceVersion"]
        ),
        .plugin(name: "SourceVersion", capability: .buildTool()),
        .executableTarget(name: "imgsite", dependencies: ["ImgSiteCLI", "CVipsInterposers"]),
        .testTarget(name: "VipsTests", dependencies: ["Vips", "CVipsInterposers"]),
        .testTarget(name: "ImgSiteCoreTests", dependencies: ["ImgSiteCore", "ImgSitePlanning", "ImgSiteMedia", "ImgSiteServer", "Vips", "CVipsInterposers"]),
        .testTarget(name: "ImgSiteCLITests", dependencies: ["ImgSiteCLI", "ImgSitePlanning", "ImgSiteMedia", "CVipsInterposers"]),
    ]
)
