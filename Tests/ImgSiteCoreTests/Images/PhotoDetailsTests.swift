import Foundation
@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

@Suite struct PhotoDetailsTests {
    @Test("EXIF values formatted as photographers write them")
    func formatting() {
        let details = PhotoDetails(exif: [
            "exif-ifd0-Make": "NIKON CORPORATION", "exif-ifd0-Model": "E950", "exif-ifd2-FocalLength": "346/32",
            "exif-ifd2-FNumber": "40/10", "exif-ifd2-ExposureTime": "1/350", "exif-ifd2-ISOSpeedRatings": "80",
            "exif-ifd2-LensModel": "  ", "exif-ifd2-GPSLatitude": "43/1", "exif-ifd0-BodySerialNumber": "123",
        ])
        #expect(details == PhotoDetails(camera: "NIKON E950", focalLength: "10.8 mm", aperture: "f/4", exposure: "1/350 s", iso: "ISO 80"))
        #expect(details.items.map(\.value) == ["NIKON E950", "10.8 mm", "f/4", "1/350 s", "80"])
    }

    @Test("shutter speeds", arguments: [(0.4, "0.4 s"), (1.0 / 350, "1/350 s"), (2.0, "2 s"), (1.5, "1.5 s"), (1.0 / 60, "1/60 s"), (0.0, nil)])
    func shutter(_ seconds: Double, _ text: String?) {
        #expect(PhotoDetails.exposure(seconds) == text)
    }

    @Test("camera names without the make twice; unparseable values left out")
    func camera() {
        #expect(PhotoDetails.camera(make: "Canon", model: "Canon EOS 400D DIGITAL") == "Canon EOS 400D DIGITAL")
        #expect(PhotoDetails.camera(make: "Apple", model: "iPhone 13 Pro Max") == "Apple iPhone 13 Pro Max")
        #expect(PhotoDetails.camera(make: nil, model: "X100") == "X100" && PhotoDetails.camera(make: "Leica", model: nil) == "Leica")
        #expect(PhotoDetails(exif: ["exif-ifd2-FNumber": "0/0", "exif-ifd2-ISOSpeedRatings": "0"]) == PhotoDetails())
    }

    @Test("the corpus: a panel on photo pages with what the camera wrote; no GPS or serial anywhere; photo_details: false hides it")
    func corpus() throws {
        let site = try CorpusSite.build()
        let storm = try String(contentsOf: site.output.appendingPathComponent("nature/storm.html"), encoding: .utf8)
        for text in ["<dt>Camera</dt><dd>Canon EOS 400D DIGITAL</dd>", "<dd>18 mm</dd>", "<dd>f/3.5</dd>", "<dd>0.4 s</dd>", "<dt>ISO</dt><dd>100</dd></dl>"] {
            #expect(storm.contains(text), "\(text)")
        }
        let iphone = try site.image("formats/iphone-13-pro-max.heic")
        #expect(iphone.metadata.details?.lens == "iPhone 13 Pro Max back triple camera 5.7mm f/1.5")
        // The GPS-tagged camera files: nothing of their position in the manifest or on any page.
        let manifest = try String(contentsOf: site.output.appendingPathComponent(Manifest.fileName), encoding: .utf8)
        for page in site.manifest.pages.filter({ $0.hasSuffix(".html") }) + [Manifest.fileName] {
            let text = try String(contentsOf: site.output.appendingPathComponent(page), encoding: .utf8)
            #expect(!text.contains("GPS") && !text.contains("Serial") && !text.contains("43 deg") && !text.contains("43/1"), "\(page)")
        }
        #expect(manifest.contains("\"details\":{"))

        var config = SiteConfig()
        config.photoDetails = false
        let input = try Corpus.scratch("details-off")
        try Corpus.copy([Corpus.photo("nature/Storm.jpg")], into: input, album: "a")
        let off = try TestBuild.run(input: input, config: config)
        let page = try String(contentsOf: off.output.appendingPathComponent("a/storm.html"), encoding: .utf8)
        #expect(!page.contains("class=\"details\"") && page.contains("<h1>Storm</h1>"))
    }
}
