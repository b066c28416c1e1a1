import Foundation
@testable import ImgSiteCore
@testable import ImgSiteMedia
@testable import ImgSitePlanning
import Testing

/// The gzip stream the server and the archive write through: what it
/// writes inflates back, the same input gives the same bytes, and a stream
/// zlib refuses to start frees its memory once (`make test-asan` runs this
/// suite under the address sanitizer, which sees a second free).
@Suite(.tags(.memory)) struct GzipStreamTests {
    @Test("levels zlib refuses are an error naming the level, and nothing is freed twice", arguments: [Int32(-2), 10, 12, 99])
    func refusedLevel(level: Int32) {
        let error = #expect(throws: GzipStream.Failure.self) { _ = try GzipStream(level: level) }
        #expect(error?.description.contains("level \(level)") == true, "\(String(describing: error))")
    }

    @Test("what it writes is one gzip member that gunzip reads back, the same bytes each time")
    func roundTrip() throws {
        let text = Array(String(repeating: "imgsite gzip stream ", count: 5_000).utf8)
        func compressed() throws -> [UInt8] {
            let stream = try GzipStream(level: 6)
            return try stream.compress(Array(text.prefix(40_000)), finish: false) + stream.compress(Array(text.dropFirst(40_000)), finish: true)
        }
        let bytes = try compressed()
        #expect(bytes == (try compressed()) && bytes.count < text.count / 20)
        let file = try Corpus.scratch("gzip").appending(path: "text.gz")
        try Data(bytes).write(to: file)
        let gunzip = try ChildProcess.run(URL(fileURLWithPath: "/bin/gzip"), ["-dc", file.path])
        #expect(gunzip.status == 0 && Array(gunzip.output) == text)
    }
}
