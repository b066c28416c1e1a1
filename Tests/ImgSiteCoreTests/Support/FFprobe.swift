import Foundation

/// Reads video files with FFmpeg's ffprobe: an independent reader for what
/// imgsite's transcoder writes (streams, sizes, colours, timestamps).
enum FFprobe {
    static let path = "/usr/bin/ffprobe"

    struct Missing: Error, CustomStringConvertible {
        var description: String { "ffprobe is missing: `make tool-deps` installs ffmpeg" }
    }

    /// The file's format and streams as ffprobe's JSON says them.
    struct Report {
        var streams: [[String: Any]]
        var format: [String: Any]

        var video: [String: Any]? { streams.first { $0["codec_type"] as? String == "video" } }
        var audio: [String: Any]? { streams.first { $0["codec_type"] as? String == "audio" } }
    }

    static func read(_ file: URL, frames: Bool = false) throws -> Report {
        guard FileManager.default.isExecutableFile(atPath: path) else { throw Missing() }
        let asked = ["-v", "error", "-print_format", "json", "-show_format", "-show_streams"] + (frames ? ["-count_frames"] : [])
        let run = try ChildProcess.run(URL(fileURLWithPath: path), asked + [file.path])
        let object = try JSONSerialization.jsonObject(with: run.output) as? [String: Any] ?? [:]
        return Report(streams: object["streams"] as? [[String: Any]] ?? [], format: object["format"] as? [String: Any] ?? [:])
    }

    /// The video stream's frames' presentation times, in seconds.
    static func frameTimes(_ file: URL) throws -> [Double] {
        guard FileManager.default.isExecutableFile(atPath: path) else { throw Missing() }
        let run = try ChildProcess.run(
            URL(fileURLWithPath: path),
            ["-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts_time", "-of", "json", file.path])
        let frames = (try JSONSerialization.jsonObject(with: run.output) as? [String: Any])?["frames"] as? [[String: Any]] ?? []
        return frames.compactMap { ($0["pts_time"] as? String).flatMap(Double.init) }
    }

    /// Whether the file's index (`moov`) comes before its media (`mdat`): a
    /// browser starts playing before the whole file is in.
    static func indexFirst(_ file: URL) throws -> Bool {
        let bytes = try Data(contentsOf: file)
        var at = 0
        while at + 8 <= bytes.count {
            let size = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            let name = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
            if name == "moov" { return true }
            if name == "mdat" || size < 8 { return false }
            at += size
        }
        return false
    }
}
