@testable import ImgSiteCore
import Testing

/// `album.yml`: what it may say, and the reason when it cannot be used.
@Suite struct AlbumFileTests {
    @Test("title, description, cover and hidden are read")
    func read() throws {
        let file = try AlbumFile.parse(yaml: "title: Skye\ndescription: |\n  Rain.\n\n  Light.\ncover: DSC_1.jpg\nhidden: true\n", file: "a/album.yml").get()
        #expect(file == AlbumFile(title: "Skye", description: "Rain.\n\nLight.", cover: "DSC_1.jpg", hidden: true))
        #expect(try AlbumFile.parse(yaml: "", file: "a/album.yml").get() == AlbumFile())
    }

    @Test("a file that cannot be used says where and why", arguments: [
        ("titel: x\n", "line 1: unknown key 'titel' (an album file holds title, description, cover, hidden); ignored"),
        ("hidden: maybe\n", "line 1: hidden must be true or false; ignored"),
        ("title: [a, b]\n", "line 1: title must be text; ignored"),
        ("- a\n", "must be a mapping of title, description, cover, hidden; ignored"),
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
