import Foundation
@testable import Vips
import Testing

/// Which embedded profiles count as sRGB itself (`ICCProfiles`).
@Suite struct ICCProfilesTests {
    init() throws { try Vips.start(concurrency: 1, codecModules: true) }

    static func profile(_ name: String) throws -> [UInt8] {
        let image = try VipsImage.header(of: VipsJPEGTests.path("photos/" + name))
        return try #require(image.blob("icc-profile-data"), "\(name) embeds a profile")
    }

    @Test("sRGB IEC61966-2.1, compact v4 or the usual 3 KB, is sRGB; Display P3 and a 400 KB \"TIFF RGB\" profile are not",
          arguments: [("large/string.jpg", true), ("formats/flower2.webp", true), ("formats/iphone-13-pro-max.heic", false),
                      ("formats/icc-profile-big.jpg", false)])
    func recognises(_ name: String, _ srgb: Bool) throws {
        let profile = try Self.profile(name)
        #expect(ICCProfiles.isSRGB(profile) == srgb, "\(name)")
        #expect(ICCProfiles.isSRGB(profile) == srgb, "\(name), remembered")
    }

    @Test("a photo tagged sRGB needs no transform, and skipping it changes no pixel")
    func skipsTheTransform() throws {
        let image = try VipsImage.header(of: VipsJPEGTests.path("photos/large/string.jpg") + "[shrink=8]")
        // The shortcut is a native path: IMGSITE_NATIVE=off transforms from every profile.
        #expect(image.needsColourTransform == !Native.srgbProfileShortcut)
        let pixels = try image.materialized()
        #expect(try pixels.iccTransformedToSRGB().materialized().psnr(against: pixels) >= 48, "within a level of the transform")
        #expect(try VipsImage.header(of: VipsJPEGTests.path("photos/formats/cmyk.jpg")).needsColourTransform)
        #expect(try VipsImage.header(of: VipsJPEGTests.path("photos/formats/icc-profile-big.jpg")).needsColourTransform)
    }

    @Test("bytes that are no profile are not sRGB")
    func garbage() {
        #expect(!ICCProfiles.isSRGB(Array("not a profile".utf8)))
        #expect(!ICCProfiles.isSRGB([]))
    }
}
