import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// A private album fails closed (#66 ask 1): a typo in its key, a renamed
/// folder or a removed mark never publishes it in plain; and every build
/// says where each private album is (ask 2).
@Suite struct PrivateFailsClosedTests {
    static let environment = PrivateAlbumTests.environment

    /// What must never be in a public byte of the site: the family album's names and words.
    static let secrets = ["Grandmother", "secret picnic", "Family only", "DSCN0010", "dscn0010", "COOLPIX"]

    static func plainFindings(_ site: URL) throws -> [String] {
        let files = try PrivateAlbumTests.files(site)
        return secrets.flatMap { secret in files.filter { $0.data.firstRange(of: Data(secret.utf8)) != nil }.map { "\(secret) in \($0.path)" } }
    }

    static func config(key: String) -> SiteConfig {
        var config = PrivateAlbumTests.config()
        config.albums[key] = config.albums.removeValue(forKey: "family")
        return config
    }

    @Test("a key naming no folder that carries private, hidden or exclude stops the build, says what it meant, writes nothing")
    func typoStops() throws {
        let input = try PrivateAlbumTests.library()
        let output = try Corpus.scratch("site")
        try FileManager.default.removeItem(at: output)
        var hidden = SiteConfig()
        hidden.albums["famly"] = AlbumSettings()
        hidden.albums["famly"]!.file.hidden = true
        var excluded = SiteConfig()
        excluded.albums["famly"] = AlbumSettings()
        excluded.albums["famly"]!.exclude = ["famly"]
        for (config, marking) in [(Self.config(key: "famly"), "private"), (hidden, "hidden"), (excluded, "exclude")] {
            #expect {
                try TestBuild.run(input: input, config: config, output: output, environment: Self.environment)
            } throws: { error in
                let text = "\(error)"
                return text.contains("albums.famly names no folder") && text.contains("did you mean 'family'?")
                    && text.contains("its \(marking) setting") && text.contains("nothing was written")
            }
            #expect(!FileManager.default.fileExists(atPath: output.path), "nothing written for \(marking)")
        }
        // A key with nothing to keep out of the site is still only a warning.
        var placeholder = SiteConfig()
        placeholder.albums["famly"] = AlbumSettings(placeholder: .none)
        let build = try TestBuild.run(input: input, config: placeholder, output: output)
        #expect(build.summary.siteWarnings.contains { $0.contains("albums.famly names no album") })
    }

    @Test("the CLI: exit 2 and no output folder for a typo; each private album's address in the output and the report")
    func cli() throws {
        let input = try PrivateAlbumTests.library()
        try "base_url: https://example.com/photos/\nalbums:\n  famly:\n    private: { password_env: FAMILY_PASSWORD }\n"
            .write(to: input.appending(path: "imgsite.yml"), atomically: true, encoding: .utf8)
        let output = try Corpus.scratch("site").appending(path: "out")
        let cache = try Corpus.scratch("cache")
        let typo = try ImgsiteProcess.run(["build", input.path, "-o", output.path, "--cache-dir", cache.path], environment: Self.environment)
        #expect(typo.status == 2 && typo.errors.contains("imgsite.yml: albums.famly names no folder") && typo.errors.contains("did you mean 'family'?"),
                "\(typo.errors)")
        #expect(!FileManager.default.fileExists(atPath: output.path))

        try "base_url: https://example.com/photos/\nalbums:\n  family:\n    private: { password_env: FAMILY_PASSWORD }\n"
            .write(to: input.appending(path: "imgsite.yml"), atomically: true, encoding: .utf8)
        let report = cache.appending(path: "report.json")
        let built = try ImgsiteProcess.run(["build", input.path, "-o", output.path, "--cache-dir", cache.path, "--report", report.path],
                                           environment: Self.environment)
        #expect(built.status == 0, "\(built.errors)")
        let address = try PrivateAlbumTests.address(output)
        let lines = built.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("private family → https://example.com/photos/\(address)/"), "\(built.output)")
        #expect(lines.last?.hasPrefix("built 3, up to date 0, failed 0") == true, "the summary line stays last: \(built.output)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any]
        let albums = json?["privateAlbums"] as? [[String: String]]
        #expect(albums == [["folder": "family", "address": "\(address)/", "url": "https://example.com/photos/\(address)/"]])
        // A no-op build says it again.
        let again = try ImgsiteProcess.run(["build", input.path, "-o", output.path, "--cache-dir", cache.path, "--quiet"], environment: Self.environment)
        #expect(again.output.contains("private family → https://example.com/photos/\(address)/"), "\(again.output)")
    }

    @Test("a key matches its numbered folder (family ↔ 04-family) at the same address; a rename keeps the album sealed")
    func numberedFolder() throws {
        let input = try PrivateAlbumTests.library()
        let output = try Corpus.scratch("site")
        let first = try TestBuild.run(input: input, config: PrivateAlbumTests.config(), output: output, environment: Self.environment)
        let address = try PrivateAlbumTests.address(output)
        #expect(first.summary.privateAlbums.map(\.folder) == ["family"])
        try FileManager.default.moveItem(at: input.appending(path: "family"), to: input.appending(path: "04-family"))
        let renamed = try TestBuild.run(input: input, config: PrivateAlbumTests.config(), output: output, environment: Self.environment)
        #expect(renamed.summary.failed.isEmpty && renamed.summary.privateAlbums.map(\.folder) == ["04-family"])
        #expect(try PrivateAlbumTests.address(output) == address, "numbering the folder keeps its address")
        #expect(try Self.plainFindings(output).isEmpty)
        #expect(try PrivateAlbumTests.opened(output).run.status == 0)

        // Two numbered folders of one name: the key must name one in full.
        try FileManager.default.createDirectory(at: input.appending(path: "05-family"), withIntermediateDirectories: true)
        try Corpus.copy([Corpus.photo("nature/Storm.jpg")], into: input, album: "05-family")
        #expect {
            try TestBuild.run(input: input, config: PrivateAlbumTests.config(), output: output, environment: Self.environment)
        } throws: { "\($0)".contains("albums.family could name 04-family or 05-family") }
    }

    @Test("private: in the album's own album.yml seals it, and the mark follows the folder through a rename")
    func markedByAlbumFile() throws {
        let input = try PrivateAlbumTests.library()
        try "description: Family only, please\nprivate:\n  password_env: FAMILY_PASSWORD\n"
            .write(to: input.appending(path: "family/album.yml"), atomically: true, encoding: .utf8)
        var config = PrivateAlbumTests.config()
        config.albums = [:]
        let output = try Corpus.scratch("site")
        let build = try TestBuild.run(input: input, config: config, output: output, environment: Self.environment)
        #expect(build.summary.built == 3 && build.summary.privateAlbums.map(\.folder) == ["family"])
        #expect(try Self.plainFindings(output).isEmpty)
        try FileManager.default.moveItem(at: input.appending(path: "family"), to: input.appending(path: "relatives"))
        let renamed = try TestBuild.run(input: input, config: config, output: output, environment: Self.environment)
        #expect(renamed.summary.privateAlbums.map(\.folder) == ["relatives"] && renamed.summary.failed.isEmpty)
        #expect(try Self.plainFindings(output).isEmpty)

        // Its password variable unset: the build stops naming the album's file, as for imgsite.yml.
        #expect {
            try TestBuild.run(input: input, config: config, output: output)
        } throws: { "\($0)".contains("relatives/album.yml: private: the environment variable FAMILY_PASSWORD") }
        // A mistake in the mark holds the album back: nothing of it published.
        try "private:\n  pasword_env: FAMILY_PASSWORD\n".write(to: input.appending(path: "relatives/album.yml"), atomically: true, encoding: .utf8)
        let broken = try TestBuild.run(input: input, config: config, output: try Corpus.scratch("site"), environment: Self.environment)
        #expect(broken.summary.failed.contains { $0.path.hasPrefix("relatives/album.yml") && $0.reason.contains("did you mean 'password_env'?") })
        #expect(try Self.plainFindings(broken.output).isEmpty)
    }

    @Test("an album the last build sealed is not published in plain unasked: key removed, folder renamed past its key, mark removed")
    func formerlySealed() throws {
        let input = try PrivateAlbumTests.library()
        let output = try Corpus.scratch("site")
        _ = try TestBuild.run(input: input, config: PrivateAlbumTests.config(), output: output, environment: Self.environment)
        let sealed = try PrivateAlbumTests.files(output)
        var open = PrivateAlbumTests.config()
        open.albums = [:]
        // The key removed.
        #expect {
            try TestBuild.run(input: input, config: open, output: output, environment: Self.environment)
        } throws: { error in
            let text = "\(error)"
            return text.contains("family: the last build into this output folder sealed it") && text.contains("family/ (3 photos)")
                && text.contains("--unseal")
        }
        // Renamed and the key removed: found by the files themselves.
        try FileManager.default.moveItem(at: input.appending(path: "family"), to: input.appending(path: "relatives"))
        #expect {
            try TestBuild.run(input: input, config: open, output: output, environment: Self.environment)
        } throws: { "\($0)".contains("family/ as relatives/ (3 photos)") }
        // Copied rather than moved (new files, same names and sizes).
        try FileManager.default.moveItem(at: input.appending(path: "relatives"), to: input.appending(path: "moved"))
        try FileManager.default.createDirectory(at: input.appending(path: "copy"), withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: input.appending(path: "moved").path) {
            try FileManager.default.copyItem(at: input.appending(path: "moved/\(name)"), to: input.appending(path: "copy/\(name)"))
        }
        try FileManager.default.removeItem(at: input.appending(path: "moved"))
        #expect {
            try TestBuild.run(input: input, config: open, output: output, environment: Self.environment)
        } throws: { "\($0)".contains("family/ as copy/ (3 photos)") }
        let after = try PrivateAlbumTests.files(output)
        #expect(after.map(\.path) == sealed.map(\.path) && after.map(\.data) == sealed.map(\.data), "nothing written by a refused build")
        #expect(try Self.plainFindings(output).isEmpty)
        // Meant: --unseal publishes it, and the next build asks nothing.
        let unsealed = try TestBuild.run(input: input, config: open, output: output, unseal: true)
        #expect(unsealed.summary.built + unsealed.summary.upToDate == 3 && unsealed.summary.privateAlbums.isEmpty)
        #expect(try TestBuild.run(input: input, config: open, output: output).summary.failed.isEmpty)
    }

    @Test("a photo also kept in a public album while the private one stays sealed is no alarm")
    func copyBesideSealed() throws {
        let input = try PrivateAlbumTests.library()
        let output = try Corpus.scratch("site")
        _ = try TestBuild.run(input: input, config: PrivateAlbumTests.config(), output: output, environment: Self.environment)
        try Corpus.copy([Corpus.photo("cameras/canon-ixus.jpg")], into: input, album: "best")
        let build = try TestBuild.run(input: input, config: PrivateAlbumTests.config(), output: output, environment: Self.environment)
        #expect(build.summary.failed.isEmpty && build.summary.built + build.summary.upToDate == 4)
        #expect(try build.image("best/canon-ixus.jpg").variants.isEmpty == false)
    }

    @Test("AlbumFolders: exact names win, a numbered prefix is matched part by part, excludes follow their key")
    func folderMatching() throws {
        let input = try Corpus.scratch("input")
        for folder in ["2-trips/01-iceland", "2-trips/iceland-extra", "family", "03-family-old"] {
            try FileManager.default.createDirectory(at: input.appending(path: folder), withIntermediateDirectories: true)
        }
        var settings = AlbumSettings()
        settings.exclude = ["trips/iceland/**/*.png"]
        let resolved = try AlbumFolders.resolve(["trips/iceland": settings, "family": AlbumSettings()], in: input, configFile: "imgsite.yml")
        #expect(Set(resolved.keys) == ["2-trips/01-iceland", "family"])
        #expect(resolved["2-trips/01-iceland"]?.exclude == ["2-trips/01-iceland/**/*.png"])
        // A key without a mark that names no folder is kept as written (a warning later says so).
        #expect(try AlbumFolders.resolve(["famly": AlbumSettings(placeholder: .none)], in: input, configFile: "imgsite.yml").keys.sorted() == ["famly"])
        // Its folder renumbered, with the key written both ways: one must go.
        try FileManager.default.moveItem(at: input.appending(path: "family"), to: input.appending(path: "04-family"))
        #expect {
            try AlbumFolders.resolve(["family": AlbumSettings(), "04-family": AlbumSettings()], in: input, configFile: "imgsite.yml")
        } throws: { "\($0)".contains("albums.04-family and albums.family both name the folder 04-family") }
    }
}
