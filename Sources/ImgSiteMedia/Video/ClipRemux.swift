import CVideo
import Foundation

/// A clip's own file as published under `downloads: original`: its video
/// and sound copied as they are into its own container, without its
/// metadata (location, make, model, dates) or any other stream.
package enum ClipRemux {
    /// Writes `source` rewritten at `target`, whose extension names the
    /// container; on failure nothing is left there.
    package static func remux(_ source: String, to target: String, displayPath: String) throws(BuildError) {
        var error = [CChar](repeating: 0, count: 512)
        guard imgsite_video_remux(source, target, &error, error.count) == 0 else {
            throw BuildError(path: displayPath, "cannot be offered as it is: \(String(cBuffer: error))")
        }
    }
}
