import CVideo
import Foundation

/// Decodes a clip once and encodes every one of its video files from that
/// stream, with its poster frame (`CVideo`'s transcoder: FFmpeg's libraries).
package enum ClipTranscoder {
    /// One file to make: `codec` at `width` × `height`, written at `path`.
    package struct Output: Sendable {
        package var codec: VideoCodec
        package var width: Int
        package var height: Int
        package var path: String

        package init(codec: VideoCodec, width: Int, height: Int, path: String) {
            (self.codec, self.width, self.height, self.path) = (codec, width, height, path)
        }
    }

    /// The poster frame: RGBA pixels, and its time in the clip.
    package struct Poster: Sendable {
        package var rgba: [UInt8]
        package var width: Int
        package var height: Int
        package var seconds: Double
    }

    /// What else the transcode is told.
    package struct Settings: Sendable {
        /// The size every output is scaled from (the poster's; the ladder's top).
        package var width: Int
        package var height: Int
        /// The clip's turn to upright and its transfer (`ClipInfo`'s): the filters' first steps.
        var rotation: Int
        package var transfer: ClipInfo.Transfer
        package var frameRate: Double
        package var quality: VideoSettings.Quality = .standard
        /// AAC bits a second; 0 leaves the sound out.
        var audioBitrate: Int
        /// The poster's time; nil: the first representative frame.
        package var posterAt: Double?
        package var threads: Int
        /// A frame of the clip is known to decode (an earlier pass made
        /// files of it): not checked again before the encoders open.
        package var framesKnown = false
    }

    /// Makes `outputs` and returns the poster; `progress` is told the
    /// fraction done and returns false to stop. On failure nothing is left
    /// at any output's path.
    package static func transcode(
        _ source: String, displayPath: String, outputs: [Output], settings: Settings, progress: @escaping (Double) -> Bool = { _ in true }
    ) throws(BuildError) -> Poster {
        var strings: [UnsafeMutablePointer<CChar>] = []
        defer { strings.forEach { free($0) } }
        func c(_ text: String) -> UnsafePointer<CChar> {
            let copy = strdup(text)!
            strings.append(copy)
            return UnsafePointer(copy)
        }
        var files: [ImgsiteVideoOutput] = []
        for output in outputs {
            guard let encoder = output.codec.encoder else {
                throw BuildError(path: displayPath, "cannot be encoded: this FFmpeg has no \(output.codec.rawValue) encoder (\(output.codec.encoders.joined(separator: ", ")))")
            }
            let level = encoder == "libx264" ? VideoCodec.h264Level(width: output.width, height: output.height, frameRate: settings.frameRate) : 0
            files.append(ImgsiteVideoOutput(
                path: c(output.path), encoder: c(encoder),
                options: c(VideoCodec.options(encoder: encoder, width: output.width, height: output.height,
                                              frameRate: settings.frameRate, quality: settings.quality)),
                width: Int32(output.width), height: Int32(output.height), level: Int32(level)))
        }
        let box = ProgressBox(progress)
        let graph = ClipFilterGraph(rotation: settings.rotation, transfer: settings.transfer, width: settings.width, height: settings.height,
                                    files: outputs.map { ($0.width, $0.height) }, posterAt: settings.posterAt)
        var options = ImgsiteTranscodeOptions(
            width: Int32(settings.width), height: Int32(settings.height), filters: c(graph.description), frame_rate: settings.frameRate,
            audio_bitrate: Int32(settings.audioBitrate), poster_at: settings.posterAt ?? -1, threads: Int32(settings.threads),
            frames_known: settings.framesKnown ? 1 : 0, progress: { context, done in
                Unmanaged<ProgressBox>.fromOpaque(context!).takeUnretainedValue().report(done) ? 0 : 1
            },
            context: Unmanaged.passUnretained(box).toOpaque())
        var poster = ImgsitePoster()
        var error = [CChar](repeating: 0, count: 512)
        let status = withExtendedLifetime(box) {
            imgsite_video_transcode(source, files, Int32(files.count), &options, &poster, &error, error.count)
        }
        guard status == 0, let pixels = poster.rgba else {
            throw BuildError(path: displayPath, "cannot be made into video files: \(String(cBuffer: error))")
        }
        defer { imgsite_video_poster_free(&poster) }
        let count = Int(poster.width) * Int(poster.height) * 4
        return Poster(rgba: Array(UnsafeBufferPointer(start: pixels, count: count)), width: Int(poster.width), height: Int(poster.height),
                      seconds: poster.seconds)
    }

    /// `transcode`, where an encoder that cannot be opened leaves out only
    /// its own codec's files: the others are made, and the codec is
    /// returned with FFmpeg's reason. An encoder opens before any frame is
    /// decoded, so the retry costs a file open. Any other failure is thrown.
    package static func transcodeLeavingOut(
        _ source: String, displayPath: String, outputs: [Output], settings: Settings, progress: @escaping (Double) -> Bool = { _ in true }
    ) throws(BuildError) -> (poster: Poster, leftOut: [VideoCodec: String]) {
        var (outputs, leftOut) = (outputs, [VideoCodec: String]())
        while true {
            do {
                return (try transcode(source, displayPath: displayPath, outputs: outputs, settings: settings, progress: progress), leftOut)
            } catch {
                let refused = Set(outputs.map(\.codec)).first { codec in
                    codec.encoder.map { error.reason.contains("the \($0) encoder cannot be opened") } ?? false
                }
                guard let refused else { throw error }
                leftOut[refused] = error.reason.replacingOccurrences(of: "cannot be made into video files: ", with: "")
                outputs.removeAll { $0.codec == refused }
            }
        }
    }

    /// The progress closure, reached from C through an opaque pointer.
    private final class ProgressBox {
        package let report: (Double) -> Bool
        package init(_ report: @escaping (Double) -> Bool) { self.report = report }
    }
}
