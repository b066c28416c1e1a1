import Foundation
import Vips

/// HDR screens' files: for an HDR photo whose rendition is kept (`hdr:
/// keep`), a JPEG at each width its large views take (the photo page, the
/// viewer, the hero) carrying the gain map resized with its base, named
/// `-hdr`, in a `<source media="(dynamic-range: high)">` ahead of every
/// other. SDR screens never match it: they download what they did, and not
/// one byte of a gain map. Grids and cards keep their SDR files: many to a
/// page, they would cost most of an album's bytes for little a visitor sees.
package enum HDRFiles {
    /// Bumped when HDR files are made otherwise for the same settings, so no
    /// cache serves files made the old way.
    package static let recipe = 1

    /// libvips 8.18's uhdrsave encodes the base with jpegsave's defaults,
    /// which go 4:4:4 from quality 90 and cannot be told otherwise: HDR files
    /// are made at no more than this, to stay 4:2:0 as every JPEG here is.
    static let maxQuality = 89

    /// `<source media>`: HDR screens, and without dense files (a budget's
    /// move) those under 2x only, in both spellings of the density.
    package static func media(denseScreens: Bool) -> String {
        let hdr = "(dynamic-range: high)"
        guard !denseScreens else { return hdr }
        let below = DenseScreens.density - 1
        return "\(hdr) and (max-resolution: \(below).99dppx), \(hdr) and (-webkit-max-device-pixel-ratio: \(below).99)"
    }

    /// The narrowest a large view paints a photo, in device px: the photo
    /// page's content on a 320 px screen at 1x. No file narrower is taken.
    package static func floor(_ layout: ThemeLayout) -> Double {
        layout.contentWidth(viewport: 320)
    }

    /// The widths of a ladder (largest first) that get an HDR file: those a
    /// large view may take, from `floor` up; without `denseScreens`, only up
    /// to the width that covers the widest 1x paint of the photo page.
    package static func widths(of chain: [Int], layout: ThemeLayout, sourceWidth: Int, sourceHeight: Int, denseScreens: Bool) -> [Int] {
        let floor = floor(layout)
        var widths = chain.filter { Double($0) >= floor }
        if widths.isEmpty, let widest = chain.first { widths = [widest] }
        guard !denseScreens else { return widths }
        let aspect = Double(sourceWidth) / Double(max(sourceHeight, 1))
        let top = layout.photoMaxDisplayWidth(aspect: aspect, sourceWidth: sourceWidth)
        let cap = widths.last { Double($0) >= top } ?? widths.first ?? 0
        return widths.filter { $0 <= cap }
    }

    /// What a budget predicts of an HDR file from the SDR JPEG of its width
    /// at the same quality: libvips' base (its Huffman tables not
    /// optimised), a gain map of a quarter to half its size, and about
    /// 2.5 KB of XMP, ISO 21496-1, MPF and ICC. The corpus' gain-map JPEGs
    /// at 330 to 1,600 px measured 1.12 to 1.47 times theirs, the most at
    /// the smallest (`make bench-hdr`).
    package static func bytes(sdrJPEG bytes: Double) -> Double { bytes * 1.15 + 2_500 }

    /// The quality of a site's HDR files: its JPEG quality, at most `maxQuality`.
    package static func quality(_ jpeg: JPEGSettings) -> Int { min(jpeg.quality, maxQuality) }
}
