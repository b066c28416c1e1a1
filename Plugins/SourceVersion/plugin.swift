import Foundation
import PackagePlugin

/// Names the source a build of imgsite comes from (`0.4.0+dev.c025576`),
/// so `swift build`, `make build` and the release bundle all say which
/// commit they are: a prebuild command (it runs before every build) writes
/// `SourceVersion.swift` from git (scripts/build-version.sh).
@main struct SourceVersion: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appending(path: "generated")
        return [.prebuildCommand(
            displayName: "Naming the source's version",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: [root.appending(path: "scripts/source-version-swift.sh").path, root.path, output.path],
            outputFilesDirectory: output)]
    }
}
