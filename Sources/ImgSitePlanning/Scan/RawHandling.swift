import Foundation
import ImgSiteMedia

/// How a scan takes camera RAW files (`raw:` in imgsite.yml).
public enum RawHandling: Sendable {
    /// Each RAW file without an image of the same name beside it is shown
    /// through its embedded preview (`RawPreview`), written into `previews`;
    /// where libraw cannot be used, RAW files are skipped saying why.
    case preview(previews: URL)
    /// Every RAW file is skipped (`raw: skip`).
    case skip

    /// Why a RAW file is skipped under this handling, or nil when it is shown.
    package var skipReason: String? {
        switch self {
        case .skip: "a camera RAW file; raw: skip leaves RAW files out"
        case .preview:
            RawPreview.unavailable.map { "a camera RAW file, and \($0)" }
        }
    }

    /// Where the preview of `raw` is written: named by its path, size,
    /// modification time and inode, so an edited RAW file gets a new one.
    func previewPath(of raw: String, identity: FileIdentity) -> String? {
        guard case .preview(let folder) = self else { return nil }
        let key = SourceHash.of(text: "raw preview|\(raw)|\(identity.size)|\(identity.modifiedNanoseconds)|\(identity.inode)")
        return folder.appending(path: String(key.prefix(32)) + ".jpg").path
    }

    /// The note of a RAW file paired with an image of the same name.
    static func paired(with image: String) -> String {
        "a camera RAW file beside \(image), which is published in its place (a RAW file and an image of the same name are a pair)"
    }
}
