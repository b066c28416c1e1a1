import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

/// The words a visitor reads: headings that are no camera's file name,
/// counts that tell photos from clips, plurals right.
@Suite struct PageWordsTests {
    @Test("camera and phone names are told from the photographer's")
    func cameraNames() {
        for name in ["IMG_4412", "img_4412", "IMG4412", "DSC_0001", "DSCN0010", "dscn0010", "DSCF1234", "_MG_1234", "_DSC1234",
                     "PXL_20240612_140312345.MP", "PXL_20240612_140312345", "MVI_0042", "GOPR0042", "GX010123", "DJI_0001",
                     "P1010001", "20240612_140312", "IMG-20240612-WA0001", "IMG_4412 (1)", "IMG_4412~2", "IMG_4412-edited",
                     "VID_20240612_140312", "IMG_20240612_140312_HDR", "CIMG0001", "SAM_0123"] {
            #expect(CameraFileName.matches(name), "\(name)")
        }
        for name in ["Storm", "summer_beach-2", "Landscape_1", "2004default", "1904-blob-dancing", "5", "IMG_4412 sunset at Vik",
                     "hd-pan", "tiny-88x64", "Photo 12", "DSC", "IMG_12", "Ålesund_2024", "P5", "2024", "pier"] {
            #expect(!CameraFileName.matches(name), "\(name)")
        }
    }

    @Test("counts by kind, plurals right; dates as a heading")
    func counts() {
        let words = Words.english
        #expect(words.media(MediaCount(photos: 3, clips: 1)) == "3 photos, 1 clip")
        #expect(words.media(MediaCount(photos: 1)) == "1 photo")
        #expect(words.media(MediaCount(clips: 2)) == "2 clips")
        #expect(words.media(MediaCount()) == "0 photos")
        #expect(words.media(MediaCount(photos: 10_000, clips: 2), albums: 1) == "1 album, 10,000 photos, 2 clips")
        #expect(words.download(MediaCount(photos: 3, clips: 1)) == "Download all 3 photos and 1 clip")
        #expect(words.download(MediaCount(photos: 12)) == "Download all 12 photos")
        #expect(words.download(MediaCount(clips: 1)) == "Download 1 clip")
        #expect(words.day("2008-10-22T16:28:39") == "22 October 2008")
        #expect(words.dateTime("2008-10-22T16:28:39") == "22 October 2008, 16:28")
        #expect(words.day("0000-00-00T00:00:00") == nil && words.day("") == nil && words.day("2024-13-01") == nil)
    }

    @Test("a camera-named photo's heading is its day, else its place; a clip is counted as a clip on the page, the card and the zip")
    func site() throws {
        let input = try Corpus.scratch("input")
        let arrival = input.appending(path: "arrival")
        try Corpus.copy(["cameras/DSCN0010.jpg", "nature/Storm.jpg"].map(Corpus.photo), into: input, album: "arrival")
        try FileManager.default.copyItem(at: Corpus.photo("nature/Aqua.jpg"), to: arrival.appending(path: "IMG_0001.jpg"))
        try FileManager.default.copyItem(at: Corpus.photo("../video/hd-pan.mp4"), to: arrival.appending(path: "MVI_0042.mp4"))
        var config = SiteConfig()
        config.albumZip = true
        config.downloads = .largest
        let build = try TestBuild.run(input: input, config: config)
        let page = { (path: String) in try AlbumFileSiteTests.page(build, path) }

        #expect(try page("arrival/dscn0010.html").contains("<h1>22 October 2008</h1>"), "dated: the day it was taken")
        #expect(try page("arrival/storm.html").contains("<h1>Storm</h1>"), "a name of the photographer's is kept")
        let album = try page("arrival/index.html")
        let order = album.matches(of: /<a href="([a-z0-9-]+)\.html"/).map { String($0.1) }
        let place = { (slug: String) in (order.firstIndex(of: slug) ?? -1) + 1 }
        #expect(try page("arrival/img-0001.html").contains("<h1>Photo \(place("img-0001"))</h1>"), "undated: its place, \(order)")
        #expect(try page("arrival/mvi-0042.html").contains("<h1>Clip \(place("mvi-0042"))</h1>"), "a clip says so, \(order)")
        for file in ["arrival/index.html", "arrival/dscn0010.html", "arrival/img-0001.html", "arrival/mvi-0042.html", "index.html"] {
            // What a visitor reads or hears: headings, the window's title, links' text, alt text and labels.
            let read = try page(file).matches(of: /<(?:h1|title|a)[^>]*>([^<]*)<|(?:alt|aria-label|title)="([^"]*)"/)
                .map { String($0.1 ?? $0.2 ?? "") }
            #expect(!read.contains { $0.contains(/DSCN ?0010|IMG 0001|MVI 0042/) }, "no camera name shown: \(file) \(read)")
        }

        #expect(album.contains("<p class=\"count\">3 photos, 1 clip</p>"))
        #expect(try page("index.html").contains("<span class=\"count\">3 photos, 1 clip</span>"), "the card")
        #expect(album.contains("download=\"arrival.zip\">Download all 3 photos and 1 clip</a>"))
    }
}
