@testable import ImgSiteCore
@testable import ImgSitePlanning
import Testing

@Suite struct CameraCaptionTests {
    @Test("camera firmware text and blanks are no caption", arguments: [
        "OLYMPUS DIGITAL CAMERA         ", "KONICA MINOLTA DIGITAL CAMERA", "MINOLTA DIGITAL CAMERA", "KODAK DIGITAL CAMERA",
        "SAMSUNG DIGITAL CAMERA", "SONY DSC", "FUJIFILM DIGITAL STILL CAMERA", "                                ", "          ", "",
        "Default", "\0\0\0\0", "LEAD Technologies Inc. V1.01",
    ])
    func notCaptions(_ text: String) {
        #expect(CameraCaption.real(text) == nil)
    }

    @Test("a real caption is kept, trimmed", arguments: [
        ("Sunset over the dunes  ", "Sunset over the dunes"), ("My new digital camera", "My new digital camera"),
        ("Rain on the window", "Rain on the window"),
    ])
    func captions(_ text: String, _ expected: String) {
        #expect(CameraCaption.real(text) == expected)
    }

    @Test("on the corpus: Wood.jpg (Konica Minolta) and the blank-padded cameras get their title as alt text")
    func corpus() throws {
        let site = try CorpusSite.build()
        for source in ["nature/Wood.jpg", "cameras/olympus-c960.jpg", "cameras/DSCN0010.jpg", "cameras/sony-cybershot.jpg", "cameras/nikon-e950.jpg"] {
            #expect(try site.image(source).metadata.caption == nil, "\(source)")
        }
        let album = try String(contentsOf: site.output.appendingPathComponent("nature/index.html"), encoding: .utf8)
        #expect(album.contains("alt=\"Wood\"") && !album.contains("DIGITAL CAMERA"))
    }
}
