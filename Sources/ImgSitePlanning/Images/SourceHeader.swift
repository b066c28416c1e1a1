import Foundation
import ImgSiteMedia
import Synchronization
import Vips

/// What the header of a source says, read without decoding any pixel:
/// upright size, frame count (and so the path it takes), pixel-limit check,
/// and the metadata pages may show.
package struct SourceHeader {
    package var width: Int
    package var height: Int
    /// Frames in the file: 1 for a still; an APNG's acTL count may be 0
    /// (damaged: the animated path says so).
    package var frames: Int
    package var fields: [String: String]
    /// An embedded ICC profile or CMYK: decode converts to sRGB.
    package var needsColourTransform: Bool
    /// libvips' loader ("jpegload", "pngload", …): JPEGs shrink on load.
    package var loader = ""
    /// The EXIF orientation (1: stored upright).
    var orientation = 1
    /// A video clip's container, probed once a build: what its video files
    /// are made from (`ClipPlan`; `width` and `height` are its poster's).
    package var clip: ClipInfo?
    /// Whether it holds an HDR rendition, and how (`DynamicRange`).
    package var dynamicRange = DynamicRange.sdr
    /// An iPhone HEIC's headroom, from its maker note (`AppleGainMap`).
    var appleHeadroom: Double?
    /// A HEIF's nclx colour primaries (9: BT.2020; `HDRLight`).
    var lightPrimaries = 1

    /// EXIF tags read for ordering and captions (XMP and IPTC give only
    /// theirs, below); GPS is never read at all.
    static let wantedFields = [
        "exif-ifd2-DateTimeOriginal", "exif-ifd0-DateTime", "exif-ifd0-ImageDescription",
        "exif-ifd0-Artist", "exif-ifd0-Copyright",
    ] + PhotoDetails.exifFields

    /// Where `fields` keeps the XMP and IPTC captions.
    static let xmpCaption = "xmp-dc-description", iptcCaption = "iptc-caption-abstract"
    static let xmpTitle = "xmp-dc-title", iptcObjectName = "iptc-object-name", iptcHeadline = "iptc-headline"

    /// `known` when this build read it already (`KnownHeaders`), else read
    /// now under `settings` (its pixel limit; a clip's poster size from its video settings).
    package static func read(_ source: SourceImage, settings: ImageSettings, known: SourceHeader? = nil) throws(BuildError) -> SourceHeader {
        if let known { return known }
        return try read(source, pixelLimit: settings.pixelLimit, video: settings.video)
    }

    /// Headers read by this process: each image's once a build (`KnownHeaders`),
    /// said under `IMGSITE_TRACE=1`.
    package static let reads = Atomic<Int>(0)

    /// `video`: a clip's settings, which size its poster frame.
    package static func read(_ source: SourceImage, pixelLimit: Int, video: VideoSettings) throws(BuildError) -> SourceHeader {
        reads.add(1, ordering: .relaxed)
        let (file, displayPath) = (source.decodePath(video), source.relativePath)
        if source.byteCount == 0 { throw BuildError(path: displayPath, "is an empty file (0 bytes)") }
        switch source.media {
        case .clip: return try ofClip(source, settings: video, pixelLimit: pixelLimit)
        // A RAW file is read through its preview, written once for its size, time and inode.
        case .raw(let preview) where !FileManager.default.fileExists(atPath: preview):
            try RawPreview.extract(source.absolutePath, to: URL(fileURLWithPath: preview), displayPath: displayPath)
        case .image, .raw, .livePhoto: break
        }
        let image: VipsImage
        do {
            image = try VipsImage.header(of: file)
        } catch {
            throw BuildError(path: displayPath, describeLoadFailure(VipsError.reason(error), file: file))
        }
        let frames = try frameCount(image, file: file, displayPath: displayPath)
        try checkPixelLimit(width: image.width, height: image.height, frames: max(frames, 1), limit: pixelLimit, path: displayPath)
        let orientation = image.int("orientation") ?? 1
        let rotated = (5...8).contains(orientation)
        var fields: [String: String] = [:]
        for name in wantedFields {
            if let value = image.exifText(name) { fields[name] = value }
        }
        if let xmp = image.blob("xmp-data") {
            fields[xmpCaption] = EmbeddedCaption.xmp(xmp)
            fields[xmpTitle] = EmbeddedCaption.xmp(xmp, element: "dc:title")
        }
        if let iptc = image.blob("iptc-data") {
            fields[iptcCaption] = EmbeddedCaption.iptc(iptc)
            fields[iptcObjectName] = EmbeddedCaption.iptc(iptc, dataset: 5)
            fields[iptcHeadline] = EmbeddedCaption.iptc(iptc, dataset: 105)
        }
        let loader = image.string("vips-loader") ?? ""
        let exif = image.blob("exif-data")
        let (range, primaries) = frames == 1 ? DynamicRange.read(file: file, loader: loader, exif: exif) : (.sdr, 1)
        return SourceHeader(
            width: rotated ? image.height : image.width, height: rotated ? image.width : image.height, frames: frames,
            fields: fields, needsColourTransform: image.needsColourTransform, loader: loader, orientation: orientation,
            dynamicRange: range, appleHeadroom: range == .appleGainMap ? exif.flatMap(AppleGainMap.headroom) : nil, lightPrimaries: primaries)
    }

    package var kind: SourceKind { SourceKind(frames: frames) }

    /// The upright height at `width`, rounded: every size of a still is
    /// made to it, so none is a row off or stretched.
    package func height(atWidth width: Int) -> Int {
        max(1, Int((Double(height) * Double(width) / Double(max(self.width, 1))).rounded()))
    }

    /// The size `width` wide once upright, as the file stores it: sideways
    /// for orientations 5–8. The direct paths resize as stored, then turn
    /// (the turn then moves the fewest pixels).
    func storedSize(atWidth width: Int) -> (width: Int, height: Int) {
        let height = height(atWidth: width)
        return (5...8).contains(orientation) ? (height, width) : (width, height)
    }

    /// libvips' GIF reader stops at 4,097 frames; every format is held to it.
    static let maxFrames = 4_096

    /// Frames in the file. libvips counts GIF and WebP pages; an APNG's
    /// count is read here (libvips sees only its first frame), and a GIF's
    /// blocks are walked for what libvips lets through but a browser would
    /// not show (a 0×0 canvas or frame).
    private static func frameCount(_ image: VipsImage, file: String, displayPath: String) throws(BuildError) -> Int {
        var frames = image.framesInFile
        switch image.string("vips-loader") {
        case "pngload":
            frames = APNGFile.announcedFrames(atPath: file) ?? 1
        case "gifload":
            let bytes = (try? Data(contentsOf: URL(filePath: file, directoryHint: .notDirectory))).map(Array.init) ?? []
            if let refusal = GIFStructure(bytes)?.refusal() { throw BuildError(path: displayPath, refusal.reason) }
        default:
            break
        }
        guard frames <= maxFrames else { throw BuildError(path: displayPath, "has \(frames) frames, more than the \(maxFrames) imgsite reads") }
        return frames
    }

    /// Refuses an image over the pixel limit, before any pixel is decoded:
    /// an animation's canvas counts once per frame.
    package static func checkPixelLimit(width: Int, height: Int, frames: Int = 1, limit: Int, path: String) throws(BuildError) {
        let (area, over1) = width.multipliedReportingOverflow(by: height)
        let (pixels, over2) = area.multipliedReportingOverflow(by: frames)
        guard over1 || over2 || pixels > limit else { return }
        let size = frames > 1 ? "\(width)×\(height) × \(frames) frames" : "\(width)×\(height)"
        let count = over1 || over2 ? "more than \(megapixels(Int.max))" : megapixels(pixels)
        throw BuildError(
            path: path,
            "is \(size) (\(count)), over the pixel limit of \(megapixels(limit)); "
                + "not decoded (raise pixel_limit in imgsite.yml to allow it)")
    }

    /// Metadata the pages and manifest may carry under `policy`.
    package func metadata(policy: MetadataPolicy) -> KeptMetadata {
        let date = fields["exif-ifd2-DateTimeOriginal"] ?? fields["exif-ifd0-DateTime"]
        let keepCredit = policy == .keepCopyright
        // XMP first: photo managers write it and mirror it into the older two, which may lag behind.
        let captions: [(CaptionSource, String?)] = [
            (.xmp, fields[Self.xmpCaption]), (.iptc, fields[Self.iptcCaption]), (.exif, fields["exif-ifd0-ImageDescription"]),
        ]
        let caption = captions.lazy.compactMap { source, text in text.flatMap(CameraCaption.real).map { (source, $0) } }.first
        // The title Lightroom, digiKam and Photos write, in the order sigal reads them: one line.
        let titles: [(TitleSource, String?)] = [(.xmp, fields[Self.xmpTitle]), (.iptc, fields[Self.iptcObjectName]), (.iptc, fields[Self.iptcHeadline])]
        let title = titles.lazy.compactMap { source, text in
            text.flatMap(Sidecar.clean).map { (source, $0.replacingOccurrences(of: "\n", with: " ")) }
        }.first
        var metadata = KeptMetadata(
            captureDate: date.flatMap(Self.isoDate),
            caption: caption?.1, captionSource: caption?.0 ?? CaptionSource.none,
            artist: keepCredit ? fields["exif-ifd0-Artist"] : nil,
            copyright: keepCredit ? fields["exif-ifd0-Copyright"] : nil,
            details: PhotoDetails(exif: fields))
        (metadata.title, metadata.titleSource) = (title?.1, title?.0 ?? TitleSource.none)
        return metadata
    }

    /// "2008:10:22 16:28:39" → "2008-10-22T16:28:39"; nil for blanks and
    /// the all-zero dates some cameras write.
    static func isoDate(_ exif: String) -> String? {
        let parts = exif.split(whereSeparator: { $0 == ":" || $0 == " " }).map(String.init)
        guard parts.count == 6, parts.allSatisfy({ Int($0) != nil }), parts[0] != "0000" else { return nil }
        return "\(parts[0])-\(parts[1])-\(parts[2])T\(parts[3]):\(parts[4]):\(parts[5])"
    }

    private static func megapixels(_ pixels: Int) -> String {
        String(format: "%.0f MP", Double(pixels) / 1_000_000)
    }

    /// libvips says "is not a known file format" for text and for unknown
    /// formats alike; say it the way a user thinks of it.
    private static func describeLoadFailure(_ message: String, file: String) -> String {
        if message.contains("not a known file format") {
            return "is not an image imgsite can read (unknown or damaged format)"
        }
        return "cannot be read: \(LoaderMessage.relevant(message, fileExtension: (file as NSString).pathExtension))"
    }
}

extension MetadataPolicy {
    /// libvips metadata fields left on outputs; every other field is removed.
    var keptFields: Set<String> {
        switch self {
        case .strip: []
        case .keepCopyright: ["exif-data", "exif-ifd0-Artist", "exif-ifd0-Copyright"]
        }
    }
}
