import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// `albums.<folder>.private`: what a build publishes of a private album,
/// read byte by byte, and opened with the password alone by another
/// implementation (scripts/private/open-sealed.py, Python's `cryptography`).
@Suite struct PrivateAlbumTests {
    static let password = "correct horse battery staple"
    static let environment = ["FAMILY_PASSWORD": password]

    /// `family/`: a GPS-tagged Nikon photo with a sidecar title and caption,
    /// two more camera photos, a description; private, listed, downloads and zips on.
    static func library() throws -> URL {
        let input = try Corpus.scratch("input")
        try Corpus.copy(["cameras/DSCN0010.jpg", "cameras/olympus-c960.jpg", "cameras/canon-ixus.jpg"].map(Corpus.photo), into: input, album: "family")
        try "title: Grandmother at the lake\ncaption: Our secret picnic spot\n"
            .write(to: input.appending(path: "family/DSCN0010.jpg.yml"), atomically: true, encoding: .utf8)
        try "description: Family only, please\n".write(to: input.appending(path: "family/album.yml"), atomically: true, encoding: .utf8)
        return input
    }

    static func config(listed: Bool = true) -> SiteConfig {
        var config = SiteConfig()
        config.baseURL = "https://example.com/photos/"
        config.downloads = .original
        config.albumZip = true
        var album = AlbumSettings()
        album.privacy = PrivateAlbumSettings(passwordEnv: "FAMILY_PASSWORD", listed: listed)
        config.albums["family"] = album
        return config
    }

    /// Every file of the site: its path and bytes.
    static func files(_ folder: URL) throws -> [(path: String, data: Data)] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
        var files: [(String, Data)] = []
        while let path = enumerator.nextObject() as? String {
            guard (enumerator.fileAttributes?[.type] as? FileAttributeType) == .typeRegular else { continue }
            files.append((path, try Data(contentsOf: folder.appending(path: path))))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// The album's address ("p-…"): the one folder beside `_assets` holding an unlock page.
    static func address(_ site: URL) throws -> String {
        let folders = try FileManager.default.contentsOfDirectory(atPath: site.path).filter { $0.hasPrefix("p-") }
        return try #require(folders.count == 1 ? folders[0] : nil, "one private address, not \(folders)")
    }

    /// Each sealed file opened by scripts/private/open-sealed.py: its name and bytes.
    static func opened(_ site: URL, password: String = password) throws -> (run: ChildProcess.Run, files: [String: Data]) {
        let python = Corpus.repoRoot.appending(path: ".build/test-venv/bin/python")
        let out = try Corpus.scratch("opened")
        var environment = ProcessInfo.processInfo.environment
        environment["SEALED_TEST_PASSWORD"] = password
        let run = try ChildProcess.run(python, [
            Corpus.repoRoot.appending(path: "scripts/private/open-sealed.py").path, site.appending(path: try address(site)).path,
            "--password-env", "SEALED_TEST_PASSWORD", "--out", out.path,
        ], environment: environment)
        var files: [String: Data] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? [] {
            files[name] = try Data(contentsOf: out.appending(path: name))
        }
        return (run, files)
    }

    @Test("nothing of the album in plain text anywhere; every file opens with the password alone, in Python")
    func nothingInPlainText() throws {
        let build = try TestBuild.run(input: Self.library(), config: Self.config(), environment: Self.environment)
        #expect(build.summary.built == 3 && build.summary.failed.isEmpty)
        let site = try Self.files(build.output)
        let address = try Self.address(build.output)
        // Public: the front page, assets, the unlock page and worker, sitemap, feed, manifest; the rest sealed.
        let sealed = site.filter { $0.path.hasPrefix(address + "/_sealed/") }
        #expect(Set(site.map(\.path)).subtracting(sealed.map(\.path)) == [
            "index.html", "_assets/style.css", "_assets/photo.js", "_assets/private.js", "\(address)/index.html", "\(address)/sw.js",
            "sitemap.xml", "feed.xml", "manifest.json",
        ])
        #expect(build.manifest.images.isEmpty && build.manifest.pages.allSatisfy { !$0.contains("album/") })
        for file in sealed { #expect(file.data.prefix(8) == Data("ISEALED1".utf8), "\(file.path)") }

        let (run, opened) = try Self.opened(build.output)
        #expect(run.status == 0, "\(String(decoding: run.output, as: UTF8.self))\(String(decoding: run.errors, as: UTF8.self))")
        #expect(opened.count == sealed.count)
        let pages = opened.values.compactMap { String(data: $0, encoding: .utf8) }.filter { $0.hasPrefix("<!DOCTYPE html>") }
        #expect(pages.contains { $0.contains("Our secret picnic spot") && $0.contains("Grandmother at the lake") })
        #expect(pages.contains { $0.contains("Family only, please") && $0.contains("COOLPIX") == false })
        let jpegs = opened.values.filter { $0.starts(with: [0xFF, 0xD8, 0xFF]) }
        let zips = opened.values.filter { $0.starts(with: [0x50, 0x4B, 0x03, 0x04]) }
        #expect(jpegs.count >= 6 && zips.count == 1)

        // What must not be found in any published byte, sealed files included.
        var secrets = ["family", "Family", "DSCN0010", "dscn0010", "olympus", "canon-ixus", "NIKON", "COOLPIX", "OLYMPUS", "Canon",
                       "Grandmother", "secret picnic", "Family only"].map { Data($0.utf8) }
        for jpeg in jpegs {
            secrets.append(jpeg.prefix(64))
            // The first 64 bytes of its entropy-coded data: its own pixels.
            if let scan = jpeg.firstRange(of: Data([0xFF, 0xDA])) { secrets.append(jpeg[scan.lowerBound + 14..<scan.lowerBound + 78]) }
        }
        for secret in secrets {
            let found = site.filter { $0.data.firstRange(of: secret) != nil }.map(\.path)
            #expect(found.isEmpty, "\(String(decoding: secret.prefix(16), as: UTF8.self)) found in \(found)")
        }

        // Opened originals keep no GPS, as a public album's.
        let originals = opened.filter { $0.value.count > 100_000 && $0.value.starts(with: [0xFF, 0xD8, 0xFF]) }
        #expect(!originals.isEmpty)
        for (name, data) in originals {
            let file = try Corpus.scratch("original").appending(path: name + ".jpg")
            try data.write(to: file)
            #expect(try ExifTool.tags(of: file).keys.allSatisfy { !$0.contains("GPS") }, "\(name)")
        }
    }

    @Test("listed: a locked card without cover or title on the parent; unlisted: no trace on any public page")
    func listedCard() throws {
        let listed = try TestBuild.run(input: Self.library(), config: Self.config(), environment: Self.environment)
        let address = try Self.address(listed.output)
        let front = try String(contentsOf: listed.output.appending(path: "index.html"), encoding: .utf8)
        #expect(front.contains("<li class=\"cell locked\"><a href=\"\(address)/index.html\"><svg class=\"lock\""))
        #expect(front.contains("<span class=\"label\">Private album <span class=\"count\"></span>") && !front.contains("<img"))
        let unlisted = try TestBuild.run(input: Self.library(), config: Self.config(listed: false), environment: Self.environment)
        let hidden = try Self.address(unlisted.output)
        for page in ["index.html", "sitemap.xml", "feed.xml", "manifest.json"] {
            let text = try String(contentsOf: unlisted.output.appending(path: page), encoding: .utf8)
            #expect(!text.contains(hidden) && !text.contains("Private album"), "\(page)")
        }
    }

    @Test("a rebuild changes nothing; a new password seals every file again under new names at a new address and removes the old")
    func rebuildsAndNewPassword() throws {
        let input = try Self.library()
        let output = try Corpus.scratch("site")
        let first = try TestBuild.run(input: input, config: Self.config(), output: output, environment: Self.environment)
        let before = try Self.files(output)
        let again = try TestBuild.run(input: input, config: Self.config(), output: output, environment: Self.environment)
        #expect(again.summary.upToDate == 3 && again.summary.built == 0)
        let after = try Self.files(output)
        #expect(after.map(\.path) == before.map(\.path) && after.map(\.data) == before.map(\.data))

        // A clean build elsewhere, without the cache: the same address and names (each file's bytes are its own).
        let clean = try TestBuild.run(input: input, config: Self.config(), environment: Self.environment)
        #expect(try Self.files(clean.output).map(\.path) == before.map(\.path))

        // A photo removed: its sealed files go; the album made public: nothing sealed is left.
        try FileManager.default.removeItem(at: input.appending(path: "family/canon-ixus.jpg"))
        let fewer = try TestBuild.run(input: input, config: Self.config(), output: clean.output, environment: Self.environment)
        #expect(fewer.summary.removed > 0)
        #expect(try Self.opened(clean.output).files.count == Self.files(clean.output).filter { $0.path.contains("_sealed/") }.count)
        var open = Self.config()
        open.albums["family"] = nil
        _ = try TestBuild.run(input: input, config: open, output: clean.output, unseal: true)
        #expect(try Self.files(clean.output).allSatisfy { !$0.path.hasPrefix("p-") && !$0.path.contains("private.js") })
        try Corpus.copy([Corpus.photo("cameras/canon-ixus.jpg")], into: input, album: "family")

        let oldAddress = try Self.address(first.output)
        let changed = try TestBuild.run(input: input, config: Self.config(), output: output, environment: ["FAMILY_PASSWORD": "another one"])
        #expect(changed.summary.failed.isEmpty)
        let newAddress = try Self.address(output)
        #expect(newAddress != oldAddress && !FileManager.default.fileExists(atPath: output.appending(path: oldAddress).path))
        let renamed = try Self.files(output)
        #expect(Set(renamed.map(\.path)).isDisjoint(with: before.map(\.path).filter { $0.contains("_sealed/") }))
        #expect(try Self.opened(output, password: "another one").run.status == 0)
        let old = try Self.opened(output)
        #expect(old.run.status == 1 && old.files.isEmpty, "the old password opens nothing")
    }

    @Test("shards: their folders and the cache of the shard without the album name none of it; merged, the site one machine makes")
    func shards() throws {
        let input = try Corpus.scratch("input")
        try Corpus.copy([Corpus.photo("cameras/DSCN0010.jpg")], into: input, album: "family")
        try "title: Grandmother at the lake\ncaption: Our secret picnic spot\n"
            .write(to: input.appending(path: "family/DSCN0010.jpg.yml"), atomically: true, encoding: .utf8)
        try Corpus.copy(["nature/Storm.jpg", "nature/LadyBird.jpg", "nature/Wood.jpg"].map(Corpus.photo), into: input, album: "trips")
        func build(_ mode: BuildMode, output: URL, cache: URL) throws -> BuildSummary {
            var options = try BuildOptions(input: input, output: output, config: Self.config(), jobs: 2, force: false, cacheFolder: cache)
            (options.mode, options.environment) = (mode, Self.environment)
            return try BuildPipeline(options: options).run()
        }
        let single = try Corpus.scratch("single")
        _ = try build(.site, output: single, cache: try Corpus.scratch("cache"))
        var shards: [(folder: URL, cache: URL, built: Int)] = []
        for index in 1...2 {
            let (folder, cache) = (try Corpus.scratch("shard"), try Corpus.scratch("cache"))
            let summary = try build(.shard(Shard(index: index, count: 2)!), output: folder, cache: cache)
            shards.append((folder, cache, summary.built))
        }
        let secrets = ["family", "DSCN0010", "dscn0010", "NIKON", "COOLPIX", "Grandmother", "secret picnic"].map { Data($0.utf8) }
        let builder = try #require(shards.first { shard in
            try Self.files(shard.folder).contains { $0.path.contains("_sealed/") }
        })
        for shard in shards {
            // Every shard's folder (what a CI job hands on); the cache of the one that did not build the album.
            var files = try Self.files(shard.folder)
            if shard.folder != builder.folder { files += try Self.files(shard.cache) }
            for secret in secrets {
                let found = files.filter { $0.data.firstRange(of: secret) != nil }.map(\.path)
                #expect(found.isEmpty, "\(String(decoding: secret, as: UTF8.self)) in \(found)")
            }
        }
        let merged = try Corpus.scratch("merged")
        let summary = try build(.merge(shards.map(\.folder)), output: merged, cache: try Corpus.scratch("cache"))
        #expect(summary.failed.isEmpty && summary.upToDate == 4)
        #expect(try Self.files(merged).map(\.path) == Self.files(single).map(\.path), "the same files under the same names")
        let (run, opened) = try Self.opened(merged)
        #expect(run.status == 0 && opened.values.contains { String(decoding: $0, as: UTF8.self).contains("Our secret picnic spot") })
    }

    @Test("a missing password variable stops the build before anything is published, naming it")
    func missingPassword() throws {
        let output = try Corpus.scratch("site")
        #expect {
            try TestBuild.run(input: Self.library(), config: Self.config(), output: output)
        } throws: { error in
            "\(error)".contains("FAMILY_PASSWORD") && "\(error)".contains("not set")
        }
        #expect(!FileManager.default.fileExists(atPath: output.appending(path: "index.html").path))
    }
}
