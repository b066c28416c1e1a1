import Foundation
import ImgSiteCore
@testable import ImgSitePlanning
import Testing

@Suite struct ScannerTests {
    @Test("albums nest; hidden files, non-images, empty folders and the output are skipped; link loops end")
    func scan() throws {
        let input = try Corpus.scratch()
        let tiny = Corpus.photo("formats/tiny-88x64.jpg")
        try Corpus.copy([tiny], into: input, album: "trips/alps")
        try Corpus.copy([tiny], into: input, album: "trips")
        try Corpus.copy([tiny], into: input, album: ".hidden")
        try Corpus.copy([tiny], into: input, album: "_site")
        try FileManager.default.createDirectory(at: input.appendingPathComponent("empty"), withIntermediateDirectories: true)
        try "notes".write(to: input.appendingPathComponent("trips/notes.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: tiny, to: input.appendingPathComponent("trips/.DS_Store.jpg"))
        try FileManager.default.copyItem(at: tiny, to: input.appendingPathComponent("trips/UPPER.JPG"))
        try FileManager.default.createSymbolicLink(at: input.appendingPathComponent("trips/alps/loop"), withDestinationURL: input)

        let root = try Scanner(input: input, excluded: [input.appendingPathComponent("_site")]).scan(title: "Site")
        #expect(root.title == "Site" && root.images.isEmpty)
        #expect(root.albums.map(\.path) == ["trips"])
        let trips = root.albums[0]
        #expect(trips.images.map(\.relativePath) == ["trips/tiny-88x64.jpg", "trips/UPPER.JPG"])
        #expect(trips.albums.map(\.path) == ["trips/alps"])
        #expect(trips.albums[0].albums.isEmpty, "the link back to the input is not entered")
        #expect(root.allImages.count == 3)
        #expect(root.allImages.allSatisfy { $0.byteCount > 0 && $0.identity.modifiedNanoseconds > 0 && $0.identity.inode > 0 })
    }
}
