/// A JPEG's frame header read from its bytes: what a test asks of a file
/// whatever loader a libvips opens it with.
enum JPEGFrame {
    /// "4:2:0", "4:2:2", "4:4:4" from the first frame's sampling factors (three
    /// components); nil for another layout or a file it cannot follow.
    static func chroma(_ bytes: [UInt8]) -> String? {
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            if [0xC0, 0xC1, 0xC2].contains(marker) {
                guard offset + 19 <= bytes.count, bytes[offset + 9] == 3 else { return nil }
                let (y, cb, cr) = (bytes[offset + 11], bytes[offset + 14], bytes[offset + 17])
                guard cb == 0x11, cr == 0x11 else { return nil }
                return switch y {
                case 0x22: "4:2:0"
                case 0x21: "4:2:2"
                case 0x11: "4:4:4"
                default: nil
                }
            }
            offset += 2 + length
        }
        return nil
    }
}
