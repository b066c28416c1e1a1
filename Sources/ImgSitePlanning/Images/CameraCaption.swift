/// Tells a photographer's caption from what camera firmware writes into
/// EXIF ImageDescription by itself: its own name ("OLYMPUS DIGITAL
/// CAMERA", "KONICA MINOLTA DIGITAL CAMERA", "SONY DSC"), a placeholder, or
/// blanks padded to a fixed length (Nikon, Sony). Those must not become a
/// caption or alt text.
package enum CameraCaption {
    /// Firmware and software defaults seen in the wild, compared without case.
    static let firmwareTexts: Set<String> = [
        "sony dsc", "digital camera", "default", "dcim", "untitled", "image", "picture", "photo",
        "lead technologies inc. v1.01", "exif_jpeg_422", "camera", "dsc",
    ]

    /// The caption, trimmed; nil when it is blank or the camera's own text.
    package static func real(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines.union(.controlCharacters))
        guard !trimmed.isEmpty else { return nil }
        let lower = trimmed.lowercased()
        if firmwareTexts.contains(lower) { return nil }
        // "<MAKER> DIGITAL CAMERA", "<MAKER> DIGITAL STILL CAMERA": a make, in capitals, and the words.
        if lower.hasSuffix("digital camera") || lower.hasSuffix("digital still camera"), trimmed == trimmed.uppercased() { return nil }
        return trimmed
    }
}

import Foundation
