internal import CVipsShim

/// A JPEG's entropy-coded data decoded to its end through libjpeg-turbo
/// (`imgsite_jpeg_scan_check`): what libjpeg warns of there and libvips
/// never asks about, as the bytes left over when garbage over a scan put
/// the decoder out of step.
public enum JPEGScanCheck {
    public enum Outcome: Equatable, Sendable {
        /// Every block decoded, and the data ended with the last.
        case clean
        /// libjpeg's first warning ("Corrupt JPEG data: 182 extraneous bytes before marker 0xd9").
        case warning(String)
        /// libjpeg cannot decode it at all (libvips' path says why).
        case unreadable
    }

    public static func check(_ bytes: UnsafeRawBufferPointer) -> Outcome {
        guard let base = bytes.baseAddress else { return .unreadable }
        var message = [CChar](repeating: 0, count: 200)
        let warnings = imgsite_jpeg_scan_check(base.assumingMemoryBound(to: UInt8.self), bytes.count, &message, message.count)
        return warnings < 0 ? .unreadable : warnings == 0 ? .clean : .warning(String(cString: message))
    }
}
