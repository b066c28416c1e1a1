import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// A private album fails closed under `imgsite watch` too (#66 ask 1):
/// edits made while it serves never publish the album in plain.
@Suite(.tags(.watch)) struct WatchPrivateTests {
    static func config(_ key: String?) -> String {
        "base_url: https://example.com/photos/\n" + (key.map { "albums:\n  \($0):\n    private: { password_env: FAMILY_PASSWORD }\n" } ?? "")
    }

    @Test("a typo, a renumbered folder and a removed key while watching: the album stays sealed, each refusal said")
    func editsWhileWatching() throws {
        let input = try PrivateAlbumTests.library()
        let configFile = input.appending(path: "imgsite.yml")
        try Self.config("family").write(to: configFile, atomically: true, encoding: .utf8)
        let output = try Corpus.scratch("site")
        let watch = try RunningProcess.imgsite(["watch", input.path, "-o", output.path, "--port", "0", "--cache-dir", try Corpus.scratch("cache").path],
                                               environment: ProcessInfo.processInfo.environment.merging(PrivateAlbumTests.environment) { $1 })
        #expect(watch.port() != nil, "\(watch.standardError)")
        let address = try PrivateAlbumTests.address(output)
        #expect(watch.wait { out, _ in out.contains("private family → https://example.com/photos/\(address)/") }, "\(watch.standardOutput)")
        #expect(watch.standardError.contains("private album \(address)/ → http://127.0.0.1:"), "\(watch.standardError)")

        // A typo: the rebuild is refused, the sealed site stays served.
        try Self.config("famly").write(to: configFile, atomically: true, encoding: .utf8)
        #expect(watch.wait { _, errors in errors.contains("albums.famly names no folder") && errors.contains("did you mean 'family'?") },
                "\(watch.standardError)")
        #expect(try PrivateFailsClosedTests.plainFindings(output).isEmpty)

        // Mended, then the folder numbered: still sealed, at the same address.
        try Self.config("family").write(to: configFile, atomically: true, encoding: .utf8)
        #expect(watch.wait { _, _ in watch.summaries.count >= 2 })
        try FileManager.default.moveItem(at: input.appending(path: "family"), to: input.appending(path: "04-family"))
        #expect(watch.wait { out, _ in out.contains("private 04-family → https://example.com/photos/\(address)/") }, "\(watch.standardOutput)")
        #expect(try PrivateFailsClosedTests.plainFindings(output).isEmpty)

        // The key removed: refused, naming the album and --unseal.
        try Self.config(nil).write(to: configFile, atomically: true, encoding: .utf8)
        #expect(watch.wait { _, errors in errors.contains("04-family: the last build into this output folder sealed it") && errors.contains("--unseal") },
                "\(watch.standardError)")
        #expect(try PrivateFailsClosedTests.plainFindings(output).isEmpty)
        watch.interrupt()
    }
}
