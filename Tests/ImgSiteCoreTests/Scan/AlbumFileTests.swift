@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// `album.yml`: what it may say, and the reason when it cannot be used.
@Suite struct AlbumFileTests {
    @Test("title, description, cover and hidden are read")
    func read() throws {
        let file = try AlbumFile.parse(yaml: "title: Skye\ndescription: |\n  Rain.\n\n  Light.\ncover: DSC_1.jpg\nhidden: true\n", file: "a/album.yml").get()
        #expect(file == Curated(value: AlbumFile(title: "Skye", description: "Rain.\n\nLight.", cover: "DSC_1.jpg", hidden: true)))
        #expect(try AlbumFile.parse(yaml: "", file: "a/album.yml").get() == Curated(value: AlbumFile()))
        let ordered = try AlbumFile.parse(yaml: "order: -date\nalbum_order: [02-b, 01-a]\nexclude: true\n", file: "a/album.yml").get().value
        #expect(ordered.order == .newestFirst && ordered.albumOrder == .list(["02-b", "01-a"]) && ordered.exclude)
    }

    @Test("an unknown key is left out with a warning naming its place and the key it likely meant; the rest is applied")
    func unknownKey() throws {
        let read = try AlbumFile.parse(yaml: "hidden: true\ndescripton: private family photos\nexclude: false\nwhatever: 1\n", file: "s/album.yml").get()
        #expect(read.value == AlbumFile(hidden: true), "hidden is applied whatever else the file holds")
        let holds = "(an album file holds title, description, cover, order, album_order, hidden, exclude, private)"
        #expect(read.ignored.map(\.message) == [
            "s/album.yml:2:1: unknown key 'descripton' ignored: did you mean 'description'? \(holds)",
            "s/album.yml:4:1: unknown key 'whatever' ignored \(holds)",
        ])
    }

    @Test("orders: by date either way, by name either way, by title, or a list first and the rest after in the default order")
    func orders() {
        // (name, date, title), in a default order that is none of them (by date, then undated).
        let items = [("c", "2019", "Mid"), ("d", "2020", "beta"), ("a", "2021", "Zed"), ("b", nil, "Alpha")]
        func sorted(_ order: AlbumOrder) -> String {
            order.sorted(items, key: \.0, byName: { $0.0 < $1.0 }, date: { item, _ in item.1 }, title: \.2).map(\.0).joined()
        }
        #expect(sorted(.date) == "cdab" && sorted(.newestFirst) == "adcb")
        #expect(sorted(.name) == "abcd" && sorted(.nameDescending) == "dcba", "by name, whatever the default order")
        #expect(sorted(.title) == "bdca")
        #expect(sorted(.list(["c", "x", "a"])) == "cadb", "the listed first, the rest in the default order")
    }

    @Test("a file that cannot be read as meant says where and why: a typo of hidden or exclude is one", arguments: [
        ("hidden: maybe\n", 1, 9, "hidden must be true or false, not 'maybe'"),
        ("title: ok\nhidden: [a]\n", 2, 9, "hidden must be true or false, not a list or mapping"),
        ("title: [a, b]\n", 1, 8, "title must be text, not a list or mapping"),
        ("- a\n", 1, 1, "must be a mapping of title, description, cover, order, album_order, hidden, exclude, private"),
        ("order: title\n", 1, 8, "order must be one of date, -date, name, -name, or a list of file names, not 'title'"),
        ("album_order: newest\n", 1, 14, "album_order must be one of date, -date, name, -name, title, or a list of folder names, not 'newest'"),
        ("exclude: 1\n", 1, 10, "exclude must be true or false, not '1'"),
        ("title: x\nHidden: true\n", 2, 1,
         "unknown key 'Hidden': did you mean 'hidden'? (an album file holds title, description, cover, order, album_order, hidden, exclude, private)"),
        ("hide: true\n", 1, 1,
         "unknown key 'hide': did you mean 'hidden'? (an album file holds title, description, cover, order, album_order, hidden, exclude, private)"),
        ("exlcude: true\n", 1, 1,
         "unknown key 'exlcude': did you mean 'exclude'? (an album file holds title, description, cover, order, album_order, hidden, exclude, private)"),
        ("title: x\ndescription: [unclosed\n", 2, 14,
         "not valid YAML: did not find expected ',' or ']' (while parsing a flow sequence that starts here)"),
        ("hidden: true\ntitle: 'open\n", 2, 8, "not valid YAML: found unexpected end of stream (while scanning a quoted scalar that starts here)"),
        ("title: a\ntitle: b\n", 1, 1, "not valid YAML: 'title' given more than once"),
    ])
    func problems(yaml: String, line: Int, column: Int, reason: String) {
        let problem = CurationProblem(file: "a/album.yml", place: YAMLPlace(line: line, column: column), reason: reason)
        #expect(AlbumFile.parse(yaml: yaml, file: "a/album.yml") == .failure(problem))
    }

    @Test("a numeric prefix orders folders and is left out of titles; a year stays", arguments: [
        ("01-iceland", "iceland"), ("2_skye", "skye"), ("003 Lofoten", "Lofoten"), ("10. Rome", "Rome"),
        ("2019 Skye", "2019 Skye"), ("01", "01"), ("01-", "01-"), ("iceland", "iceland"), ("7up", "7up"),
    ])
    func prefix(folder: String, title: String) {
        #expect(AlbumFile.title(ofFolder: folder) == title)
    }
}
