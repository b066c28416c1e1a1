import Foundation
import Vips

/// Damage a decoder takes without complaint, found in the file's bytes: a
/// hole of zeros (`ZeroFill`), or a JPEG whose scan went out of step
/// (`JPEGScanCheck`). The file is mapped once, not read: it is in the page
/// cache from the decode.
package enum SilentDamage {
    /// The reason for a `damaged file` warning, or nil for a clean file.
    package static func problem(atPath path: String, fileSize: Int) -> String? {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else { return nil }
        return data.withUnsafeBytes { bytes in
            let hole = ZeroFill.hole(in: [UInt8](bytes))
            guard bytes.starts(with: [0xFF, 0xD8]) else { return hole.map { ZeroFill.describe($0, fileSize: fileSize) } }
            let scan = JPEGScanCheck.check(bytes)
            if let hole {
                // Zeros an encoder wrote: optimised Huffman tables code a flat
                // area's blocks as zero bits, and such data still ends at its
                // last block; a hole leaves it out of step, or unreadable.
                return scan == .clean ? nil : ZeroFill.describe(hole, fileSize: fileSize)
            }
            guard case .warning(let warning) = scan else { return nil }
            return outOfStep(warning)
        }
    }

    /// Bytes left over after the last block, at least: clean encoders
    /// leave none (0 on the corpus and on 1,000 generated photos: `make
    /// bench-damage`); garbage over a scan leaves hundreds.
    static let leftOverBytes = 16

    /// libjpeg's warnings of a scan out of step in the user's words: "182
    /// extraneous bytes before marker 0xd9" (the blocks ended first) or
    /// "premature end of data segment" (the data did, which libvips 8.14
    /// lets through even with fail_on=warning); nil for any other (libvips'
    /// own decode tells those).
    static func outOfStep(_ warning: String?) -> String? {
        guard let warning else { return nil }
        let cause = "part of the file was overwritten, as by a bad sector or a broken transfer, and the photo shows wrong colours from there down"
        if warning.hasSuffix("premature end of data segment") {
            return "its compressed data runs out before its last block: \(cause)"
        }
        guard let match = warning.firstMatch(of: /(\d+) extraneous bytes before marker/), let count = Int(match.1), count >= leftOverBytes
        else { return nil }
        return "its compressed data goes out of step before its end (\(count) bytes left over after the last block): \(cause)"
    }
}
