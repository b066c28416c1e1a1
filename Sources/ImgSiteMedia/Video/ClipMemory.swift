/// What a clip's transcode holds in memory, estimated from its container
/// before a frame is decoded, and the passes that keep it under a budget.
///
/// One decode feeds every encoder, so a clip's encoders are in memory
/// together: a 1080p clip's six (AV1 and H.264 at 1080p, 720p, 480p) held
/// 0.78 GB, a 4K HLG clip's decoder and tone mapping 0.4 GB more. When the
/// estimate is over the budget, the files are grouped into passes, each
/// group made from a decode of its own: more decoding, bounded memory. Every
/// pass scales from the ladder's top as one pass does, so a file's bytes do
/// not depend on the grouping (a rebuild of one missing file equals a clean
/// build). Figures fitted to peak RSS with FFmpeg 5.1, x264 and SVT-AV1 1.4
/// (docs/benchmarks.md, `make bench-video`).
package struct ClipMemory: Sendable, Equatable {
    /// The decoder's frames, the filter graph's and the poster's sampler:
    /// held whichever files a pass makes.
    package let base: Int

    package init(info: ClipInfo, top: ClipLadder.Size, threads: Int) {
        let sample = info.bitDepth > 8 ? 2 : 1
        // HEVC keeps up to 6 reference frames, each frame thread one more,
        // and libavcodec's pool some spare.
        let decoder = info.width * info.height * 3 / 2 * sample * (10 + threads)
        let pixels = top.width * top.height
        // Tone mapping runs on 32-bit float RGB, four links of it; an SDR
        // clip's frames are 4:2:0 bytes, a few in the split's queues.
        let graph = info.transfer == .sdr ? pixels * 3 / 2 * 6 : pixels * 12 * 4
        let poster = pixels * 4 * 2
        base = decoder + graph + poster
    }

    /// An encoder's frames at `width` × `height`: SVT-AV1's picture sets
    /// of a mini-GOP of 8, x264's lookahead of 10 with its half-pel planes.
    package static func encoder(_ codec: VideoCodec, width: Int, height: Int) -> Int {
        width * height * (codec == .av1 ? 125 : 90)
    }

    /// `files` in passes whose estimate, with `base`, fits `budget`, the
    /// largest first (one pass when all fit). When `base` and the largest
    /// file alone are over it, that is what each pass may hold.
    package func passes<File>(_ files: [File], budget: Int, bytes: (File) -> Int) -> [[File]] {
        let sized = files.enumerated().map { (index: $0.offset, file: $0.element, bytes: bytes($0.element)) }
        let room = max(budget - base, sized.map(\.bytes).max() ?? 0)
        // First fit, largest first: few passes, the largest file in the first.
        var passes: [(files: [(index: Int, file: File, bytes: Int)], bytes: Int)] = []
        for file in sized.sorted(by: { $0.bytes != $1.bytes ? $0.bytes > $1.bytes : $0.index < $1.index }) {
            if let open = passes.firstIndex(where: { $0.bytes + file.bytes <= room }) {
                passes[open].files.append(file)
                passes[open].bytes += file.bytes
            } else {
                passes.append(([file], file.bytes))
            }
        }
        return passes.map { $0.files.sorted { $0.index < $1.index }.map(\.file) }
    }
}
