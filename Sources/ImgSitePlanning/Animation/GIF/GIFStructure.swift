import Foundation

/// A GIF's block structure, walked without decoding a pixel: the canvas,
/// each frame's size and delay, and the loop count. libvips reads GIFs
/// itself, but it quietly stops at 4,097 frames and accepts frames of 0×0,
/// which a browser shows as nothing; this walk finds both from the header
/// so the build can say what is wrong. A file the walk cannot follow is
/// left to libvips, which names the damage.
package struct GIFStructure: Equatable {
    package struct Frame: Equatable {
        package var width: Int
        package var height: Int
        /// As written, in ms (centiseconds × 10).
        var delay: Int
    }

    package var width: Int
    package var height: Int
    package var frames: [Frame]
    /// The NETSCAPE2.0 loop count; nil when absent (play once).
    package var loops: Int?

    /// Why a GIF is refused.
    package struct Refusal: Error, Equatable {
        package let reason: String
    }

    static let maxFrames = SourceHeader.maxFrames

    /// Walks `bytes`; nil if they are not a GIF or the walk loses its way.
    /// Stops counting past `maxFrames + 1` frames.
    package init?(_ bytes: [UInt8]) {
        guard bytes.count >= 13, bytes.starts(with: Array("GIF8".utf8)) else { return nil }
        width = Int(bytes[6]) | Int(bytes[7]) << 8
        height = Int(bytes[8]) | Int(bytes[9]) << 8
        frames = []
        var offset = 13 + Self.colourTable(bytes[10])
        var delay = 0
        func skipSubBlocks() -> Bool {
            while offset < bytes.count {
                let size = Int(bytes[offset])
                offset += 1 + size
                if size == 0 { return true }
            }
            return false
        }
        while offset < bytes.count, frames.count <= Self.maxFrames {
            switch bytes[offset] {
            case 0x21:
                guard offset + 2 < bytes.count else { return }
                let label = bytes[offset + 1]
                if label == 0xF9, offset + 7 < bytes.count, bytes[offset + 2] == 4 {
                    delay = (Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8) * 10
                } else if label == 0xFF, offset + 17 < bytes.count, bytes[offset + 2] == 11,
                          String(decoding: bytes[(offset + 3)..<(offset + 14)], as: UTF8.self) == "NETSCAPE2.0", bytes[offset + 14] == 3 {
                    loops = Int(bytes[offset + 16]) | Int(bytes[offset + 17]) << 8
                }
                offset += 2
                guard skipSubBlocks() else { return }
            case 0x2C:
                guard offset + 10 < bytes.count else { return }
                let frameWidth = Int(bytes[offset + 5]) | Int(bytes[offset + 6]) << 8
                let frameHeight = Int(bytes[offset + 7]) | Int(bytes[offset + 8]) << 8
                frames.append(Frame(width: frameWidth, height: frameHeight, delay: delay))
                delay = 0
                offset += 10 + Self.colourTable(bytes[offset + 9]) + 1  // + LZW minimum code size
                guard skipSubBlocks() else { return }
            default:
                return  // the trailer, or bytes the walk cannot follow
            }
        }
    }

    /// Bytes of the colour table a packed field announces.
    private static func colourTable(_ packed: UInt8) -> Int {
        packed & 0x80 == 0 ? 0 : 3 << (Int(packed & 7) + 1)
    }

    /// What makes a browser show nothing, or libvips read part of the file.
    package func refusal() -> Refusal? {
        if width == 0 || height == 0 { return Refusal(reason: "has a canvas of \(width)×\(height) pixels") }
        if frames.count > Self.maxFrames {
            return Refusal(reason: "has more than \(Self.maxFrames) frames, the most imgsite reads")
        }
        if let empty = frames.firstIndex(where: { $0.width == 0 || $0.height == 0 }) {
            return Refusal(reason: "frame \(empty + 1) is \(frames[empty].width)×\(frames[empty].height) pixels")
        }
        return nil
    }
}
