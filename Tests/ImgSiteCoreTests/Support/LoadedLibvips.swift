import Foundation
import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Vips

/// What the libvips this process loaded can decode. PyPI's libvips 8.18
/// (`make test-libvips-next`) has no HEVC decoder: the corpus's HEIC photo
/// fails there, with a message that says so; every other check holds.
enum LoadedLibvips {
    static let heic = "formats/iphone-13-pro-max.heic"

    static let decodesHEVC: Bool = {
        try? Vips.start()
        return (try? VipsImage.thumbnail(of: Corpus.photo(heic).path, width: 8, toSRGB: false).materialized()) != nil
    }()

    /// A failure this libvips is expected to have: a HEIC photo without an
    /// HEVC decoder, named with that reason.
    static func expects(_ failure: BuildError) -> Bool {
        !decodesHEVC && failure.path.hasSuffix(".heic") && failure.reason.contains("HEVC")
    }
}
