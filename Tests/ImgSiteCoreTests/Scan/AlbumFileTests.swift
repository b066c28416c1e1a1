@testable import ImgSiteCore
import Testing

/// `album.yml`: what it may say, and the reason when it cannot be used.
@Suite struct AlbumFileTests {
    @Test("title, description, cover and hidden are read")
    func read() throws {
        let file = try AlbumFile.parse(yaml: "title: Skye\ndescription: |\n  Rain.\n\n  Light.\ncover: DSC_1.jpg\nhidden: true\n", file: "a/album.yml").get()
        #expect(file == AlbumFile(title: "Skye", description: "Rain.\n\nLight.", cover: "DSC_1.jpg", hidden: true))
        #expect(try AlbumFile.parse(yaml: "", file: "a/album.yml").get() == AlbumFile())
        let ordered = try AlbumFile.parse(yaml: "order: -date\nalbum_order: [02-b, 01-a]\nexclude: true\n", file: "a/album.yml").get()
        #expect(ordered.order == .newestFirst && ordered.albumOrder == .list(["02-b", "01-a"]) && ordered.exclude)
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

    @Test("a file that cannot be used says where and why", arguments: [
        ("titel: x\n", "line 1: unknown key 'titel' (an album file holds title, description, cover, order, album_order, hidden, exclude); ignored"),
        ("hidden: maybe\n", "line 1: hidden must be true or false; ignored"),
        ("title: [a, b]\n", "line 1: title must be text; ignored"),
        ("- a\n", "must be a mapping of title, description, cover, order, album_order, hidden, exclude; ignored"),
        ("order: title\n", "line 1: order must be one of date, -date, name, -name, or a list of file names; ignored"),
        ("album_order: newest\n", "line 1: album_order must be one of date, -date, name, -name, title, or a list of folder names; ignored"),
        ("exclude: 1\n", "line 1: exclude must be true or false; ignored"),
    ])
    func problems(yaml: String, reason: String) {
        #expect(AlbumFile.parse(yaml: yaml, file: "a/album.yml") == .failure(AlbumFileError(file: "a/album.yml", reason: reason)))
    }

    @Test("a numeric prefix orders folders and is left out of titles; a year stays", arguments: [
        ("01-iceland", "iceland"), ("2_skye", "skye"), ("003 Lofoten", "Lofoten"), ("10. Rome", "Rome"),
        ("2019 Skye", "2019 Skye"), ("01", "01"), ("01-", "01-"), ("iceland", "iceland"), ("7up", "7up"),
    ])
    func prefix(folder: String, title: String) {
        #expect(AlbumFile.title(ofFolder: folder) == title)
    }
}
