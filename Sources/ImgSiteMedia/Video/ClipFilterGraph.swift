import Foundation

/// The filters a clip's frames go through, decided here and handed to the
/// transcoder as FFmpeg's filter-graph text (as `-filter_complex` reads it):
/// turned upright, scaled once to the poster's size, tone mapped from HDR
/// to SDR BT.709, then split to each file's size and to the poster's
/// sampler. The transcoder adds only the source before it (the decoded
/// frames' size, pixel format and time base, which it alone knows) and
/// takes the sinks in the order written: the files', then the poster's.
struct ClipFilterGraph {
    /// The turn to upright, clockwise (`ClipInfo.rotation`).
    var rotation: Int
    package var transfer: ClipInfo.Transfer
    /// The size every file is scaled from (the ladder's top).
    package var width: Int
    package var height: Int
    /// Each file's size, in the outputs' order.
    package var files: [(width: Int, height: Int)]
    /// The poster's time; nil: sampled from the opening seconds.
    package var posterAt: Double?

    /// Four frames a second of the opening five seconds, when the poster's
    /// time is not given: the transcoder keeps the first that is neither
    /// dark nor flat nor fading.
    package static let sampling = (seconds: 5, interval: 0.25)

    package var description: String {
        let split = files.indices.map { "[o\($0)]" }.joined() + "[o\(files.count)]"
        let sinks = files.enumerated().map { ";[o\($0.offset)]scale=\($0.element.width):\($0.element.height),setsar=1,buffersink" }.joined()
        return "\(upright)scale=\(width):\(height),\(toneMap)format=yuv420p,split=\(files.count + 1)\(split)\(sinks);[o\(files.count)]\(poster)"
    }

    /// The filters that show a stored frame upright.
    private var upright: String {
        switch rotation {
        case 90: "transpose=clock,"
        case 180: "hflip,vflip,"
        case 270: "transpose=cclock,"
        default: ""
        }
    }

    /// From HDR (PQ or HLG, BT.2020) to SDR BT.709 as FFmpeg's
    /// documentation does it: to linear light, Hable's curve, back to BT.709.
    private var toneMap: String {
        let from = switch transfer {
        case .sdr: ""
        case .pq: "smpte2084"
        case .hlg: "arib-std-b67"
        }
        guard !from.isEmpty else { return "" }
        return "zscale=tin=\(from):pin=bt2020:min=bt2020nc:t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,"
            + "tonemap=tonemap=hable:desat=0,zscale=t=bt709:m=bt709:r=tv,"
    }

    /// The poster's branch: the second from its time, or the sampled opening seconds.
    private var poster: String {
        if let at = posterAt { return "trim=start=\(Self.number(at)):end=\(Self.number(at + 1)),format=rgba,buffersink" }
        return "trim=end=\(Self.sampling.seconds),select='isnan(prev_selected_t)+gte(t-prev_selected_t\\,\(Self.sampling.interval))',format=rgba,buffersink"
    }

    /// A time as C's `%g` writes it ("2.5", "3"), as the graph always read it.
    private static func number(_ value: Double) -> String { String(format: "%g", value) }
}
