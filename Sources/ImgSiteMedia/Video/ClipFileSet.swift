/// A clip's video files, decided once for the builder and the budget's
/// prediction: each size of its ladder in each codec the settings ask for
/// and this machine encodes, less the sizes an encoder cannot take (SVT-AV1
/// takes no side under 64 pixels), so a codec that cannot take a clip
/// leaves only itself out, said in `leftOut`.
package struct ClipFileSet: Sendable {
    package var files: [VideoFile] = []
    /// Each codec's files left out, and why: the clip's warnings.
    package var leftOut: [String] = []

    package init(ladder: ClipLadder, settings: VideoSettings) {
        for codec in settings.encodable {
            guard let encoder = codec.encoder else { continue }
            var refused: [String] = []
            var reason: String?
            for size in ladder.sizes {
                if let why = VideoCodec.refusal(encoder: encoder, width: size.width, height: size.height) {
                    (reason, refused) = (why, refused + ["\(size.width) × \(size.height)"])
                } else {
                    files.append(VideoFile(codec: codec, width: size.width, height: size.height))
                }
            }
            if let reason {
                let kept = files.contains { $0.codec == codec } ? "its other \(codec.name) files are published" : "no \(codec.name) file is published"
                leftOut.append("\(codec.name) left out at \(refused.joined(separator: ", ")): \(reason); \(kept)")
            }
        }
    }
}

extension VideoCodec {
    /// The name a photographer reads ("H.264", "AV1").
    package var name: String { self == .h264 ? "H.264" : "AV1" }

    /// Why `encoder` cannot make a file of `width` × `height`, or nil: SVT-AV1
    /// refuses a side under 64 pixels ("Source Width must be at least 64").
    package static func refusal(encoder: String, width: Int, height: Int) -> String? {
        guard encoder == "libsvtav1", min(width, height) < 64 else { return nil }
        return "SVT-AV1 takes no side under 64 pixels"
    }
}
