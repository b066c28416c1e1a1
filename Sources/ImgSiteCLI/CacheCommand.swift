import ArgumentParser
import Foundation
import ImgSiteCore
import ImgSiteMedia

/// `imgsite cache`: look at and prune the cache folder.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show or prune the cache of encoded images.",
        discussion: """
            Encoded images are kept by content in the cache folder and linked into \
            output folders. An entry stays while any output folder's build uses it; \
            one no build uses is removed once unused for 30 days (builds prune at most \
            once a day).
            """,
        subcommands: [Info.self, Prune.self]
    )

    struct Location: ParsableArguments {
        @Option(name: .customLong("cache-dir"), help: "The cache folder (default: $IMGSITE_CACHE_DIR, else $XDG_CACHE_HOME/imgsite, else ~/.cache/imgsite).")
        var cacheDir: String?

        var url: URL { cacheDir.map { URL(fileURLWithPath: $0) } ?? CacheFolder.default }
    }

    struct Info: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show what the cache holds.")
        @OptionGroup var location: Location

        func run() throws {
            do {
                let info = try CacheMaintenance.info(cacheFolder: location.url)
                print("cache: \(location.url.path)")
                print("images: \(info.images); encoded files: \(info.variants), \(Bytes.text(info.variantBytes))")
                print("used by no output folder: \(info.unreferencedVariants) files, \(Bytes.text(info.unreferencedBytes))")
                print("output folders using it:" + (info.outputFolders.isEmpty ? " none" : ""))
                for folder in info.outputFolders { print("  \(folder)") }
            } catch {
                Terminal.error("error: \(error)")
                throw ExitCode(2)
            }
        }
    }

    struct Prune: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove cache entries no output folder uses.")
        @OptionGroup var location: Location

        @Option(name: .customLong("keep-days"), help: "Keep unused entries used within this many days (0 removes every unused one).")
        var keepDays = CachePruner.defaultRetentionDays

        func validate() throws {
            if keepDays < 0 { throw ValidationError("--keep-days must be 0 or more, not \(keepDays).") }
        }

        func run() throws {
            do {
                let report = try CacheMaintenance.prune(cacheFolder: location.url, retentionDays: keepDays)
                for folder in report.forgottenOutputFolders { print("forgot output folder \(folder) (it no longer exists)") }
                print("removed \(report.removedObjects) files, \(Bytes.text(report.removedBytes)) from \(location.url.path)")
            } catch {
                Terminal.error("error: \(error)")
                throw ExitCode(2)
            }
        }
    }
}
