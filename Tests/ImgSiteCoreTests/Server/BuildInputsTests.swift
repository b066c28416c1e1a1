import Foundation
@testable import ImgSiteServer
import Testing

/// Which changed paths start a rebuild in `imgsite watch`.
@Suite struct BuildInputsTests {
    @Test("photos, caption files, the config, templates and albums are read; notes, backups and hidden files are not")
    func read() throws {
        let input = try Corpus.scratch("watched")
        for file in ["a/photo.jpg", "a/photo.jpg.yml", "a/photo.md", "a/index.md", "a/.nomedia", "a/notes.md", "a/edit.psd", "a/photo.jpg~", "a/notes.txt", "imgsite.yml",
                     "templates/album.mustache", "templates/strings.yml", "templates/notes.md"] {
            let url = input.appending(path: file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        try FileManager.default.createDirectory(at: input.appending(path: "2024.06 Rome"), withIntermediateDirectories: true)
        let inputs = BuildInputs(templates: input.appending(path: "templates"), config: input.appending(path: "imgsite.yml"))
        let path = { (relative: String) in input.appending(path: relative).standardizedFileURL.path }
        for read in ["a/photo.jpg", "a/photo.jpg.yml", "a/photo.md", "a/index.md", "a/.nomedia", "imgsite.yml", "templates/album.mustache", "templates/strings.yml", "2024.06 Rome", "a",
                     "gone/photo.jpg", "a/gone.jpg.yml"] {
            #expect(inputs.areRead(path(read)), "\(read) starts a rebuild")
        }
        #expect(inputs.areRead(path("2023.12 Oslo"), wasFolder: true), "an album folder moved away")
        // Editors' temporary files, gone by the time they are looked at: vim's 4913, sed -i's, swap files.
        for ignored in ["a/notes.md", "a/edit.psd", "a/photo.jpg~", "a/notes.txt", "a/.photo.jpg.swp", "templates/notes.md", "a/gone.jpg~",
                        "a/4913", "a/sedCFbdif", "a/.album.yml.swp", "a/album.yml.tmp", "2023.12 Oslo"] {
            #expect(!inputs.areRead(path(ignored)), "\(ignored) starts no rebuild")
        }
    }
}
