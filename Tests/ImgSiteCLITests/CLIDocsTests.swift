import ArgumentParser
import Foundation
@testable import ImgSiteCLI
import Testing

/// docs/cli.md against the commands' own help: every option a command
/// accepts is documented there.
@Suite struct CLIDocsTests {
    static let commands: [(name: String, type: any ParsableCommand.Type)] = [
        ("build", BuildCommand.self), ("watch", WatchCommand.self), ("serve", ServeCommand.self),
        ("cache info", CacheCommand.Info.self), ("cache prune", CacheCommand.Prune.self),
    ]

    @Test("docs/cli.md documents every option of every command's --help")
    func everyOptionDocumented() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let documentation = try String(contentsOf: root.appending(path: "docs/cli.md"), encoding: .utf8)
        var checked = 0
        for (name, type) in Self.commands {
            let help = ImgSiteCommand.helpMessage(for: type)
            let options = Set(help.matches(of: /--[a-z][a-z-]+/).map { String($0.output) }).subtracting(["--help"])
            #expect(!options.isEmpty, "\(name): \(help)")
            for option in options {
                #expect(documentation.contains("`\(option)") || documentation.contains(", \(option)"), "imgsite \(name) \(option) is not in docs/cli.md")
                checked += 1
            }
        }
        #expect(checked > 25)
    }
}
