internal import CZlib

/// One gzip member through zlib, compressed as it comes. The header has no
/// name and time 0, so the same input gives the same bytes.
public final class GzipStream: @unchecked Sendable {
    private var stream = z_stream()

    public struct Failure: Error, CustomStringConvertible { public var description: String }

    /// `level`: 1–9; 6 is zlib's default, most of 9's gain at a third of its time.
    public init(level: Int32) throws(Failure) {
        // 15 + 16: a 32 KB window, with a gzip header and trailer.
        guard deflateInit2_(&stream, level, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { throw Failure(description: "zlib cannot start") }
    }

    deinit { deflateEnd(&stream) }

    /// The compressed bytes `input` yields now; with `finish`, also the rest and the trailer.
    public func compress(_ input: [UInt8], finish: Bool) throws(Failure) -> [UInt8] {
        var input = input
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        try input.withUnsafeMutableBufferPointer { (source) throws(Failure) in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = uInt(target.count)
                    let status = deflate(&stream, finish ? Z_FINISH : Z_NO_FLUSH)
                    return (status, target.count - Int(stream.avail_out))
                }
                guard status != Z_STREAM_ERROR else { throw Failure(description: "zlib could not compress") }
                output += chunk[..<produced]
                if finish ? status == Z_STREAM_END : stream.avail_in == 0 && produced < chunk.count { break }
            }
        }
        return output
    }
}
