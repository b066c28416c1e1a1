import Foundation
import ImgSiteMedia
import Vips

/// How a still (or an animation's poster) is decoded and resized: the one
/// place that chooses, from the settings and the source's header, before any
/// pixel is read. `ImageProcessor` follows the choice; `CacheKey` carries its
/// settings half (`Route`), since for one source (its content is in the image
/// key) that is the only half that can vary.
///
/// A direct path that meets a file it cannot take after all (damage, a
/// sampling the planes path does not handle) falls back to the libvips path
/// below it. That depends on the file's bytes alone, so equal keys still mean
/// equal bytes.
package enum StillPath: String, Sendable {
    /// libjpeg-turbo's Y, Cb and Cr planes, each resized by the own
    /// resampler and encoded as planes (`JPEGPlanesProcessor`): JPEG outputs
    /// only, where `Native.jpegPlanes` is on.
    case jpegPlanes = "jpeg-planes"
    /// libjpeg-turbo decodes RGB at 1/shrink; the own resampler resizes
    /// where it is on, else libvips.
    case directJPEG = "direct-jpeg"
    /// libvips' JPEG loader shrinks on load, then resizes.
    case shrinkOnLoad = "shrink-on-load"
    /// libvips' thumbnail: any format, streamed.
    case thumbnail

    /// Which family of paths the settings allow: the planes path only when
    /// every file of a still is a 4:2:0 JPEG with nothing but pixels kept,
    /// and the planes path is on (`Native.jpegPlanes`: the own resampler is).
    package enum Route: String, Sendable {
        case planes, rgb

        /// `hdr`: HDR screens' files are made too, from RGB pixels.
        package init(_ settings: ImageSettings, animated: Bool = false, hdr: Bool = false) {
            let jpegOnly = settings.formats == [.jpeg] && (settings.denseFormat ?? .jpeg) == .jpeg
            // A watermark is laid on RGB pixels.
            self = Native.jpegPlanes && !animated && !hdr && jpegOnly && settings.metadata == .strip && settings.jpeg.subsample420
                && settings.watermark == nil ? .planes : .rgb
        }
    }

    /// The path chosen, the libvips path it falls back to (itself when it
    /// is one), the JPEG shrink-on-load factor and why.
    package struct Choice: Sendable, CustomStringConvertible {
        package var path: StillPath
        package var fallback: StillPath
        var shrink: Int
        package var reason: String

        package var description: String {
            "\(path.rawValue) (shrink \(shrink)\(fallback == path ? "" : ", else \(fallback.rawValue)")): \(reason)"
        }
    }

    /// Pixels the direct paths decode whole at full size (48 MB of RGB); a
    /// larger photo that cannot shrink on load keeps libvips' thumbnail,
    /// which streams it.
    static let largestWholeDecode = 16_000_000

    /// The path for `header` made `width` pixels wide at the largest, under
    /// `settings`. `animated`: a poster of an animation, `hdr`: a photo with
    /// HDR files (neither takes the planes path).
    package static func choose(_ settings: ImageSettings, header: SourceHeader, width: Int, animated: Bool = false, hdr: Bool = false) -> Choice {
        // libvips 8.18 opens a JPEG with a gain map with uhdrload: its primary is a plain JPEG still.
        let isJPEG = header.loader == "jpegload" || header.loader == "uhdrload"
        let shrink = isJPEG ? ShrinkOnLoad.jpegFactor(sourceWidth: header.width, targetWidth: width) : 1
        let libvips = shrink > 1 ? StillPath.shrinkOnLoad : .thumbnail
        func choice(_ path: StillPath, _ reason: String) -> Choice {
            Choice(path: path, fallback: libvips, shrink: shrink, reason: reason)
        }
        guard isJPEG else { return choice(.thumbnail, "\(header.loader) source") }
        guard Native.jpegCodec else { return choice(libvips, "the libjpeg-turbo path is off (IMGSITE_NATIVE=off, or its self-check failed)") }
        guard (1...8).contains(header.orientation) else { return choice(libvips, "EXIF orientation \(header.orientation)") }
        guard !header.needsColourTransform else { return choice(libvips, "its colour needs a transform to sRGB") }
        guard settings.metadata == .strip else { return choice(libvips, "metadata \(settings.metadata.rawValue) is kept") }
        guard shrink > 1 || header.width * header.height <= largestWholeDecode else {
            return choice(.thumbnail, "\(header.width)×\(header.height) is too large to decode whole")
        }
        return Route(settings, animated: animated, hdr: hdr) == .planes
            ? choice(.jpegPlanes, "JPEG outputs only, from a JPEG source")
            : choice(.directJPEG, "a plain JPEG source")
    }

    /// `IMGSITE_TRACE=1`: each still's choice on standard error.
    package static func trace(_ choice: Choice, path: String) {
        guard Trace.enabled else { return }
        FileHandle.standardError.write(Data("trace: \(path): \(choice)\n".utf8))
    }
}
