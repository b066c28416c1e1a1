import ArgumentParser
import Foundation
import ImgSiteCore
import Vips

/// `imgsite`: the root command; the work is in its subcommands.
@available(macOS 10.15, macCatalyst 13, iOS 13, tvOS 13, watchOS 6, *)
public struct ImgSiteCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "imgsite",
        abstract: "Build a fast static photo gallery from a folder of photos.",
        discussion: """
            Every sub-folder is an album. Each photo is resized to the widths the pages \
            really show it at, in JPEG (4:2:0), WebP and optionally AVIF/JPEG XL, with a \
            tiny placeholder painted before it loads.

            Examples:
              imgsite build ./photos                 # writes ./_site
              imgsite build ./photos -o public --jobs 4
              imgsite build ./photos --config site.yml --force
              imgsite watch ./photos                 # rebuild as you edit, live reload
              imgsite serve _site                    # look at a built site
            """,
        version: sourceBuildVersion,
        subcommands: [BuildCommand.self, WatchCommand.self, ServeCommand.self, CacheCommand.self]
    )

    public init() {}
}

@available(macOS 10.15, macCatalyst 13, iOS 13, tvOS 13, watchOS 6, *)
extension ImgSiteCommand {
    /// The program: parses the command line and runs the chosen command,
    /// asynchronously (watch and serve are async). Calling `main()` from the
    /// executable would resolve to argument-parser's synchronous overload.
    public static func runCommandLine() async {
        Vips.useBundledFonts()
        FreedMemory.keepForReuse()
        if let problem = Native.environmentProblem {
            Terminal.error("error: \(problem)")
            Foundation.exit(2)
        }
        // libvips loads on another thread while the command reads its options.
        Vips.prepare()
        // Root --version: what runs here, beyond argument-parser's one line.
        if Array(CommandLine.arguments.dropFirst()) == ["--version"] {
            print(VersionReport.text)
            // A libvips that cannot be used fails the check scripts make with --version.
            if Vips.loadFailure != nil { Foundation.exit(2) }
            return
        }
        do {
            var command = try await asyncParseAsRoot()
            if var asynchronous = command as? AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
