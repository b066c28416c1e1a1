import ArgumentParser
import ImgSiteCore

/// `imgsite`: the root command; the work is in its subcommands.
public struct ImgSiteCommand: ParsableCommand {
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
            """,
        version: ImgSiteVersion.current,
        subcommands: [BuildCommand.self, CacheCommand.self]
    )

    public init() {}
}
