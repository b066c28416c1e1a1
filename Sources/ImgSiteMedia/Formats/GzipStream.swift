internal import CZlib

/// One gzip member through zlib, compressed as it comes. The header has no
/// name and time 0, so the same input gives the same bytes.
///
/// Not `Sendable`: zlib keeps state between calls, so one writer uses it at a
/// time. Its `z_stream` lives in memory allocated once, because zlib keeps
/// the stream's address (`strm->state->strm`) and checks it on every call.
public final class GzipStream {
    private let stream: UnsafeMutablePointer<z_stream>

    public struct Failure: Error, CustomStringConvertible { public var description: String }

    /// `level`: 1–9; 6 is zlib's default, most of 9's gain at a third of its time.
    public init(level: Int32) throws(Failure) {
        // The stream is this object's only once zlib has started on it: a
        // failed start frees it here, and `deinit` (which runs only for a
        // fully initialised object) never sees it.
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // 15 + 16: a 32 KB window, with a gzip header and trailer.
        let status = deflateInit2_(stream, level, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            stream.deallocate()
            throw Failure(description: "zlib cannot start at level \(level) (status \(status); levels are -1 to 9)")
        }
        self.stream = stream
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
    }

    /// The compressed bytes `input` yields now; with `finish`, also the rest and the trailer.
    public func compress(_ input: [UInt8], finish: Bool) throws(Failure) -> [UInt8] {
        var input = input
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        try input.withUnsafeMutableBufferPointer { (source) throws(Failure) in
            stream.pointee.next_in = source.baseAddress
            stream.pointee.avail_in = uInt(source.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { target in
                    stream.pointee.next_out = target.baseAddress
                    stream.pointee.avail_out = uInt(target.count)
                    let status = deflate(stream, finish ? Z_FINISH : Z_NO_FLUSH)
                    return (status, target.count - Int(stream.pointee.avail_out))
                }
                guard status != Z_STREAM_ERROR else { throw Failure(description: "zlib could not compress") }
                output += chunk[..<produced]
                if finish ? status == Z_STREAM_END : stream.pointee.avail_in == 0 && produced < chunk.count { break }
            }
        }
        return output
    }
}
