import Foundation
import ImgSiteMedia
import Vips

/// An HDR photo's gain map as its files are made from it: upright, at the
/// size the source's gain map has (often a quarter of the photo's), with
/// the ratio of its size to the photo's kept for every width.
package struct SourceGainMap: Sendable {
    package let map: SharedImage
    package let parameters: GainMapParameters
    /// The gain map's width and height over the upright photo's.
    package let scale: (x: Double, y: Double)

    /// `gainMap`, already upright and materialised, of a photo `width` × `height` (upright).
    package init(upright gainMap: GainMap, width: Int, height: Int) {
        map = SharedImage(materialized: gainMap.image)
        parameters = gainMap.parameters
        scale = (Double(gainMap.image.width) / Double(max(width, 1)), Double(gainMap.image.height) / Double(max(height, 1)))
    }

    /// The gain map of the source decoded from `file` (`header.dynamicRange`
    /// names its kind), turned upright as its photo is.
    package static func read(_ file: String, displayPath path: String, header: SourceHeader) throws(BuildError) -> SourceGainMap {
        do {
            let found: GainMap
            switch header.dynamicRange {
            case .gainMapJPEG:
                guard let map = try VipsImage.gainMap(ofFile: file) else {
                    throw VipsError(operation: "uhdrload", message: "its gain map cannot be found")
                }
                found = map
            case .appleGainMap:
                guard let headroom = header.appleHeadroom else {
                    throw VipsError(operation: "libheif", message: "its maker note gives no headroom")
                }
                found = try AppleGainMap.read(file, headroom: headroom)
            case .pq, .hlg:
                found = try HDRLight.decode(file, header: header, width: header.width, height: header.height).gainMap
            case .sdr:
                throw VipsError(operation: "gainmap", message: "it has no HDR rendition")
            }
            // HDRLight's map is made from the upright photo.
            let upright = [.pq, .hlg].contains(header.dynamicRange) ? found.image
                : try found.image.upright(fromOrientation: header.orientation).materialized()
            return SourceGainMap(upright: GainMap(image: upright, parameters: found.parameters), width: header.width, height: header.height)
        } catch {
            throw BuildError(path: path, "its HDR rendition cannot be read: \(VipsError.reason(error))")
        }
    }

    /// The HDR screens' file of `base` (one width of the photo, upright,
    /// sRGB): an Ultra HDR JPEG carrying this gain map resized with it, its
    /// XMP written beside libultrahdr's ISO 21496-1 metadata, and under
    /// `keep-copyright` the EXIF of the `credit` alone (TIFF bytes), as its SDR JPEGs have.
    package func encode(_ base: VipsImage, quality: Int, credit: [UInt8]?) throws(VipsError) -> Data {
        let width = max(1, Int((Double(base.width) * scale.x).rounded()))
        let height = max(1, Int((Double(base.height) * scale.y).rounded()))
        let resized = width == map.image.width && height == map.image.height ? map.image
            : try map.image.resized(toWidth: width, height: height)
        let bytes = try base.flattened().carrying(GainMap(image: resized, parameters: parameters)).ultraHDREncoded(quality: quality)
        return Data(GainMapJPEG.withXMP(bytes, parameters: parameters, credit: credit) ?? bytes)
    }
}
