import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// Captions from XMP, IPTC and sidecar files, besides EXIF: which one wins,
/// what reaches the pages, and what editing a sidecar rebuilds.
@Suite struct CaptionSourceTests {
    @Test("XMP dc:description: the x-default alternative, entities decoded; the attribute form too")
    func xmp() {
        let packet = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description>
            <dc:description><rdf:Alt><rdf:li xml:lang="de">Hafen</rdf:li>\
            <rdf:li xml:lang="x-default">Harbour &amp; fog at &#x2018;dawn&#8217; &lt;3</rdf:li></rdf:Alt></dc:description>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """
        #expect(EmbeddedCaption.xmp(Array(packet.utf8)) == "Harbour & fog at \u{2018}dawn\u{2019} <3")
        let attribute = #"<rdf:Description dc:description="Quay &quot;north&quot;" dc:format="image/jpeg"/>"#
        #expect(EmbeddedCaption.xmp(Array(attribute.utf8)) == "Quay \"north\"")
        #expect(EmbeddedCaption.xmp(Array("<x:xmpmeta/>".utf8)) == nil)
    }

    @Test("IPTC Caption-Abstract inside a Photoshop resource block, UTF-8 declared or not")
    func iptc() {
        func dataset(_ record: UInt8, _ number: UInt8, _ value: [UInt8]) -> [UInt8] {
            [0x1C, record, number, UInt8(value.count >> 8), UInt8(value.count & 0xFF)] + value
        }
        let caption = Array("Köln, Dom".utf8)
        let iim = dataset(1, 90, [0x1B, 0x25, 0x47]) + dataset(2, 5, Array("Title".utf8)) + dataset(2, 120, caption)
        let resource = Array("8BIM".utf8) + [0x04, 0x04, 0, 0] + [0, 0, 0, UInt8(iim.count)] + iim + (iim.count % 2 == 1 ? [0] : [])
        let block = Array("Photoshop 3.0\0".utf8) + Array("8BIM".utf8) + [0x04, 0x25, 0, 0, 0, 0, 0, 16] + Array(repeating: 0, count: 16) + resource
        #expect(EmbeddedCaption.iptc(block) == "Köln, Dom")
        #expect(EmbeddedCaption.iptc(dataset(2, 120, [0x4B, 0xF6, 0x6C, 0x6E])) == "Köln", "Latin-1 without a declared character set")
        #expect(EmbeddedCaption.iptc(Array(dataset(2, 120, [0x41, 0x42]).dropLast())) == nil, "truncated")
        #expect(EmbeddedCaption.iptc(dataset(2, 5, Array("Title".utf8))) == nil)
    }

    @Test("YAML sidecars: caption and alt; an unknown key is left out, non-text values and bad YAML are refused with their place")
    func sidecarYAML() throws {
        #expect(try Sidecar.parse(yaml: "caption: Low tide\nalt: Boats on mud\n", file: "a.jpg.yml").get().value == .init(caption: "Low tide", alt: "Boats on mud"))
        #expect(try Sidecar.parse(yaml: "", file: "a.jpg.yml").get().value == .init())
        #expect(try Sidecar.parse(yaml: "caption: |\n  Two\n  lines\n", file: "a.jpg.yml").get().value.caption == "Two\nlines")
        let typo = try Sidecar.parse(yaml: "caption: x\ncaptoin: y\n", file: "a.jpg.yml").get()
        #expect(typo.value.caption == "x" && typo.ignored.map(\.location) == ["a.jpg.yml:2:1"])
        #expect(typo.ignored.first?.reason.hasPrefix("unknown key 'captoin' ignored: did you mean 'caption'?") == true)
        let messages = ["caption: [a, b]\n", "caption: 'open\n", "- a\n- b\n", "hidden: maybe\n", "caption: x\nhiden: true\n"].map { yaml in
            guard case .failure(let problem) = Sidecar.parse(yaml: yaml, file: "a.jpg.yml") else { return "" }
            return problem.message
        }
        #expect(messages[0] == "a.jpg.yml:1:10: caption must be text, not a list or mapping")
        #expect(messages[1].hasPrefix("a.jpg.yml:1:10: not valid YAML: "))
        #expect(messages[2].hasPrefix("a.jpg.yml:1:1: must be a mapping"))
        #expect(messages[3] == "a.jpg.yml:1:9: hidden must be true or false, not 'maybe'")
        #expect(messages[4].hasPrefix("a.jpg.yml:2:1: unknown key 'hiden': did you mean 'hidden'?"), "a typo of hidden is not left out: \(messages[4])")
    }

    @Test("a sidecar's warning reads as docs/configuration.md shows it: photo, sidecar, line, column, reason")
    func sidecarWarningAsDocumented() throws {
        let read = try Sidecar.parse(yaml: "caption: Low tide\nalt: Boats\ntitel: Harbour\n", file: "harbour/boats.jpg.yml").get()
        let line = "up to date harbour/boats.jpg: \(try #require(read.ignored.first).message)"
        #expect(line == "up to date harbour/boats.jpg: harbour/boats.jpg.yml:3:1: unknown key 'titel' ignored: did you mean 'title'? (a sidecar holds title, caption, alt, hidden)")
        let docs = try String(contentsOf: Corpus.repoRoot.appending(path: "docs/configuration.md"), encoding: .utf8)
        #expect(docs.contains(line + "\n"), "docs/configuration.md shows another form")
    }

    @Test("the scanner pairs photo.jpg.yml / .yaml / .txt with photo.jpg, a .yml first; strays pair with nothing")
    func scanner() throws {
        let input = try Corpus.scratch()
        let album = input.appendingPathComponent("album")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        for name in ["a.jpg", "b.JPG", "c.jpg"] {
            try FileManager.default.copyItem(at: Corpus.photo("formats/tiny-88x64.jpg"), to: album.appendingPathComponent(name))
        }
        for name in ["a.jpg.txt", "a.jpg.yml", "b.JPG.txt", "c.yml", "gone.jpg.yml"] {
            try Data("caption: x\n".utf8).write(to: album.appendingPathComponent(name))
        }
        let images = try Scanner(input: input, excluded: []).scan(title: "t").albums[0].images
        #expect(images.map(\.relativePath) == ["album/a.jpg", "album/b.JPG", "album/c.jpg"])
        #expect(images.map { $0.sidecar?.relativePath } == ["album/a.jpg.yml", "album/b.JPG.txt", nil])
        try Data("Low tide: boats on the mud".utf8).write(to: album.appendingPathComponent("c.jpg.TXT"))
        let upper = try #require(try Scanner(input: input, excluded: []).scan(title: "t").albums[0].images[2].sidecar)
        #expect(try upper.read().get().value == .init(caption: "Low tide: boats on the mud"), "an upper-case .TXT is plain text, not YAML")
    }

    @Test("on a build: XMP beats IPTC beats EXIF, a sidecar beats all; alt from the sidecar; all escaped in the page")
    func precedence() throws {
        let (input, album) = try tagged("harbour", [
            "xmp.jpg": ["-XMP-dc:Description=Fog & <boats>", "-IPTC:Caption-Abstract=old iptc", "-EXIF:ImageDescription=old exif"],
            "iptc.jpg": ["-IPTC:Caption-Abstract=Nets drying", "-EXIF:ImageDescription=old exif"],
            "exif.jpg": ["-EXIF:ImageDescription=Gulls"],
            "side.jpg": ["-XMP-dc:Description=embedded"],
            "txt.jpg": ["-EXIF:ImageDescription=OLYMPUS DIGITAL CAMERA"],
        ])
        try Data("caption: \"Quay \\\"north\\\" at 6 am\"\nalt: Two boats <moored>\n".utf8).write(to: album.appendingPathComponent("side.jpg.yml"))
        try Data("  Tide out.\n".utf8).write(to: album.appendingPathComponent("txt.jpg.txt"))

        let site = try TestBuild.run(input: input)
        let expected: [(String, String?, CaptionSource)] = [
            ("xmp.jpg", "Fog & <boats>", .xmp), ("iptc.jpg", "Nets drying", .iptc), ("exif.jpg", "Gulls", .exif),
            ("side.jpg", "Quay \"north\" at 6 am", .sidecar), ("txt.jpg", "Tide out.", .sidecar),
        ]
        for (name, caption, source) in expected {
            let metadata = try site.image("harbour/\(name)").metadata
            #expect(metadata.caption == caption && metadata.captionSource == source, "\(name): \(metadata)")
        }
        let page = try String(contentsOf: site.output.appendingPathComponent("harbour/index.html"), encoding: .utf8)
        #expect(page.contains("alt=\"Fog &amp; &lt;boats&gt;\"") && page.contains("alt=\"Two boats &lt;moored&gt;\""))
        let photo = try String(contentsOf: site.output.appendingPathComponent("harbour/side.html"), encoding: .utf8)
        #expect(photo.contains("Quay &quot;north&quot; at 6 am"))
    }

    @Test("titles from the photo's own metadata: XMP dc:title, else IPTC Object Name, else Headline; a sidecar's wins; alt falls back to it")
    func embeddedTitles() throws {
        let (input, album) = try tagged("sky", [
            "1.jpg": ["-XMP-dc:Title=Clouds over <Canberra>", "-IPTC:ObjectName=old name", "-IPTC:Headline=old headline"],
            "2.jpg": ["-IPTC:ObjectName=Moonrise", "-IPTC:Headline=old headline"],
            "3.jpg": ["-IPTC:Headline=Ring Nebula, M57"],
            "4.jpg": ["-XMP-dc:Title=embedded"],
            "5.jpg": [],
        ])
        try Data("title: From the sidecar\n".utf8).write(to: album.appendingPathComponent("4.jpg.yml"))
        let site = try TestBuild.run(input: input)
        let expected: [(String, String?, TitleSource)] = [
            ("1.jpg", "Clouds over <Canberra>", .xmp), ("2.jpg", "Moonrise", .iptc), ("3.jpg", "Ring Nebula, M57", .iptc),
            ("4.jpg", "From the sidecar", .sidecar), ("5.jpg", nil, .none),
        ]
        for (name, title, source) in expected {
            let metadata = try site.image("sky/\(name)").metadata
            #expect(metadata.title == title && metadata.titleSource == source, "\(name): \(metadata)")
        }
        let three = try String(contentsOf: site.output.appendingPathComponent("sky/3.html"), encoding: .utf8)
        #expect(three.contains("<h1>Ring Nebula, M57</h1>") && three.contains("alt=\"Ring Nebula, M57\""), "the title, and the alt text after it")
        let one = try String(contentsOf: site.output.appendingPathComponent("sky/1.html"), encoding: .utf8)
        #expect(one.contains("<h1>Clouds over &lt;Canberra&gt;</h1>"))
        #expect(try String(contentsOf: site.output.appendingPathComponent("sky/5.html"), encoding: .utf8).contains("<h1>5</h1>"))
    }

    @Test("editing a sidecar rebuilds the record and pages, never a variant; a broken one holds its photo back until mended")
    func editing() throws {
        let input = try Corpus.scratch()
        let album = input.appendingPathComponent("a")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        for name in ["one.jpg", "two.jpg"] {
            try FileManager.default.copyItem(at: Corpus.photo("formats/tiny-88x64.jpg"), to: album.appendingPathComponent(name))
        }
        let sidecar = album.appendingPathComponent("one.jpg.txt")
        try Data("First light".utf8).write(to: sidecar)
        let output = try Corpus.scratch("site")
        let first = try TestBuild.run(input: input, output: output)
        #expect(try first.image("a/one.jpg").metadata.caption == "First light")
        let twoPage = output.appendingPathComponent("a/two.html")
        let twoWritten = try FileManager.default.attributesOfItem(atPath: twoPage.path)[.modificationDate] as? Date

        try Data("Last light".utf8).write(to: sidecar)
        let second = try TestBuild.run(input: input, output: output)
        #expect(second.summary.encodedFiles == 0 && second.summary.built == 0 && second.summary.sourcesRead == 0)
        #expect(try second.image("a/one.jpg").metadata.caption == "Last light")
        #expect(try String(contentsOf: output.appendingPathComponent("a/one.html"), encoding: .utf8).contains("Last light"))
        #expect(try FileManager.default.attributesOfItem(atPath: twoPage.path)[.modificationDate] as? Date == twoWritten, "other photos' pages stay")

        let third = try TestBuild.run(input: input, output: output)
        #expect(third.summary.upToDate == 2 && third.summary.pagesWritten == 0, "unchanged sidecar: nothing to do")

        try Data("caption: [oops".utf8).write(to: album.appendingPathComponent("two.jpg.yml"))
        try FileManager.default.removeItem(at: sidecar)
        let fourth = try TestBuild.run(input: input, output: output)
        #expect(try fourth.image("a/one.jpg").metadata.caption == nil, "sidecar removed: back to the embedded caption (none)")
        // It may have said hidden: the photo is held back, its files removed, until it can be read.
        #expect(fourth.summary.failed.map(\.description) == [
            "a/two.jpg: a/two.jpg.yml:1:10: not valid YAML: did not find expected ',' or ']' (while parsing a flow sequence that starts here); "
                + "not published until it can be read"])
        #expect(fourth.summary.encodedFiles == 0 && !FileManager.default.fileExists(atPath: twoPage.path))
        let fifth = try TestBuild.run(input: input, output: output)
        #expect(fifth.summary.failed.count == 1, "held back while the file is broken")
        try Data("caption: mended".utf8).write(to: album.appendingPathComponent("two.jpg.yml"))
        let sixth = try TestBuild.run(input: input, output: output)
        #expect(sixth.summary.failed.isEmpty && sixth.summary.encodedFiles == 0 && FileManager.default.fileExists(atPath: twoPage.path))
        #expect(try sixth.image("a/two.jpg").metadata.caption == "mended")
    }

    /// An input folder whose album `name` holds a copy of a tiny JPEG per
    /// entry of `tags`, each tagged by exiftool with its arguments.
    private func tagged(_ name: String, _ tags: [String: [String]]) throws -> (input: URL, album: URL) {
        let input = try Corpus.scratch()
        let album = input.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        for (file, arguments) in tags {
            let copy = album.appendingPathComponent(file)
            try FileManager.default.copyItem(at: Corpus.photo("formats/tiny-88x64.jpg"), to: copy)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: copy.path)
            if !arguments.isEmpty { try exiftool(arguments + ["-overwrite_original", copy.path]) }
        }
        return (input, album)
    }

    private func exiftool(_ arguments: [String]) throws {
        guard FileManager.default.isExecutableFile(atPath: ExifTool.path) else { throw ExifTool.Missing() }
        let run = try ChildProcess.run(URL(fileURLWithPath: ExifTool.path), ["-q"] + arguments)
        #expect(run.status == 0, "exiftool \(arguments): \(String(decoding: run.errors, as: UTF8.self))")
    }
}
