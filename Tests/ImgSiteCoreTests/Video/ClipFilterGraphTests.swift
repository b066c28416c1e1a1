@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing

/// The filters a clip's frames go through (`ClipFilterGraph`), as the text
/// the transcoder parses: the steps in their order, each file's sink, then
/// the poster's.
@Suite struct ClipFilterGraphTests {
    @Test("an HDR phone clip on its side: turned, scaled once, tone mapped to BT.709, split to each file and the poster at its time")
    func turnedHDR() {
        let graph = ClipFilterGraph(rotation: 90, transfer: .pq, width: 1080, height: 1920, files: [(1080, 1920), (720, 1280)], posterAt: 2.5)
        #expect(graph.description == "transpose=clock,scale=1080:1920,"
            + "zscale=tin=smpte2084:pin=bt2020:min=bt2020nc:t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,"
            + "tonemap=tonemap=hable:desat=0,zscale=t=bt709:m=bt709:r=tv,"
            + "format=yuv420p,split=3[o0][o1][o2];[o0]scale=1080:1920,setsar=1,buffersink;[o1]scale=720:1280,setsar=1,buffersink;"
            + "[o2]trim=start=2.5:end=3.5,format=rgba,buffersink")
    }

    @Test("an SDR clip upright with no poster time: no turn, no tone map, the opening seconds sampled four times a second")
    func uprightSampled() {
        let graph = ClipFilterGraph(rotation: 0, transfer: .sdr, width: 640, height: 360, files: [(640, 360)], posterAt: nil)
        #expect(graph.description == "scale=640:360,format=yuv420p,split=2[o0][o1];[o0]scale=640:360,setsar=1,buffersink;"
            + "[o1]trim=end=5,select='isnan(prev_selected_t)+gte(t-prev_selected_t\\,0.25)',format=rgba,buffersink")
    }

    @Test("the other turns and HLG; a poster alone (no files) is one sink")
    func turnsAndHLG() {
        let flipped = ClipFilterGraph(rotation: 180, transfer: .hlg, width: 64, height: 64, files: [], posterAt: 3)
        #expect(flipped.description.hasPrefix("hflip,vflip,scale=64:64,zscale=tin=arib-std-b67:"))
        #expect(flipped.description.hasSuffix("split=1[o0];[o0]trim=start=3:end=4,format=rgba,buffersink"))
        #expect(ClipFilterGraph(rotation: 270, transfer: .sdr, width: 64, height: 64, files: [], posterAt: 0).description.hasPrefix("transpose=cclock,"))
    }
}
