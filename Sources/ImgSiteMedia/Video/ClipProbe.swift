import CVideo
import Foundation

/// What a video clip's container says, read without decoding a frame
/// (FFmpeg's libavformat, loaded when first needed).
package struct ClipInfo: Sendable, Equatable {
    /// The frames as shown: upright, a phone's portrait clip taller than wide.
    package var width: Int
    package var height: Int
    /// The turn from the stored frames to upright, clockwise (0, 90, 180, 270).
    var rotation: Int
    package var seconds: Double
    /// "h264", "hevc", "vp9", "av1", "mpeg4", "theora".
    package var codec: String
    var bitDepth: Int
    package var transfer: Transfer
    /// Frames a second on average, from the frames' own timestamps.
    package var frameRate: Double
    /// Frames come at uneven intervals (a phone's variable frame rate).
    var variableRate: Bool
    /// The sound's codec; nil for a silent clip.
    var audioCodec: String?
    /// The capture date as the file writes it.
    package var created: String?
    /// It carries an iPhone's Live Photo content identifier.
    package var livePhoto = false

    /// How the frames' brightness is coded: HDR clips need tone mapping to show right on SDR screens.
    package enum Transfer: Sendable, Equatable {
        case sdr
        /// HDR10's perceptual quantiser (SMPTE ST 2084).
        case pq
        /// Hybrid log-gamma, as iPhones record HDR.
        case hlg
    }
}

/// Reads clips' containers through `CVideo`.
public enum ClipProbe {
    /// Why clips cannot be read on this machine; nil when they can.
    package static var unavailable: String? { imgsite_video_unavailable().map { String(cString: $0) } }

    /// The FFmpeg loaded ("FFmpeg (libavformat 59.27.100)"), or nil.
    package static var version: String? { imgsite_video_version().map { String(cString: $0) } }

    /// `--version`'s line: the FFmpeg loaded, its encoders for each codec
    /// and which of the cameras' codecs it decodes; or why clips are skipped.
    public static var report: String {
        guard let version else { return "video clips: skipped, \(unavailable ?? "FFmpeg cannot be used")" }
        let encoders = VideoCodec.allCases.map { "\($0.rawValue) \($0.encoder ?? "none (\($0.encoders.joined(separator: " or ")) missing)")" }
        let decoders = ["h264", "hevc", "vp9", "av1", "mpeg4", "theora"].filter(hasDecoder)
        return "video clips: \(version); encoders: \(encoders.joined(separator: ", ")); decodes \(decoders.joined(separator: ", "))"
    }

    static func hasDecoder(_ name: String) -> Bool { imgsite_video_has_decoder(name) != 0 }
    static func hasEncoder(_ name: String) -> Bool { imgsite_video_has_encoder(name) != 0 }

    /// The container of the clip at `path`; `displayPath` names it in a failure.
    package static func read(_ path: String, displayPath: String) throws(BuildError) -> ClipInfo {
        // Said as for an image, not as FFmpeg's "Invalid data found".
        if (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) == 0 {
            throw BuildError(path: displayPath, "is an empty file (0 bytes)")
        }
        var info = ImgsiteClipInfo()
        var error = [CChar](repeating: 0, count: 512)
        guard imgsite_video_probe(path, &info, &error, error.count) == 0 else {
            throw BuildError(path: displayPath, "cannot be read as a video: \(ClipDamage.explain(path) ?? String(cBuffer: error))")
        }
        let sideways = info.rotation == 90 || info.rotation == 270
        let codec = text(&info.codec), audio = text(&info.audio_codec), created = text(&info.created)
        return ClipInfo(
            width: Int(sideways ? info.height : info.width), height: Int(sideways ? info.width : info.height), rotation: Int(info.rotation),
            seconds: info.seconds, codec: codec, bitDepth: Int(info.bit_depth),
            transfer: info.hdr == 1 ? .pq : info.hdr == 2 ? .hlg : .sdr, frameRate: info.frame_rate, variableRate: info.variable_rate != 0,
            audioCodec: audio.isEmpty ? nil : audio, created: created.isEmpty ? nil : created, livePhoto: info.live_photo != 0)
    }

    /// A fixed-size C string field as text.
    private static func text<T>(_ field: inout T) -> String {
        withUnsafeBytes(of: &field) { bytes in String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
